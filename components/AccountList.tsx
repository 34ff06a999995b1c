import { accountName, type Account } from '@/lib/accounts';
import { t } from '@/lib/i18n';
import type { AccountSnapshot } from '@/lib/snapshot';
import { currentFailure } from '@/lib/snapshot';
import { ConfirmButton } from './ConfirmButton';
import { FailureNotice } from './FailureNotice';

interface Props {
  accounts: Account[];
  snapshots: Record<string, AccountSnapshot>;
  onEdit: (account: Account) => void;
  onRemove: (account: Account) => Promise<void>;
}

/** The saved accounts, each with its current problem, to edit or remove. */
export function AccountList({ accounts, snapshots, onEdit, onRemove }: Props) {
  if (accounts.length === 0) return <p>{t('noAccounts')}</p>;
  return (
    <ul class="account-list">
      {accounts.map((account) => {
        const snapshot = snapshots[account.id];
        const failure = snapshot && currentFailure(snapshot);
        return (
          <li key={account.id}>
            <div class="account-list__name">
              <strong>{accountName(account)}</strong>
              <span>{t('accountAt', [account.userId, new URL(account.baseUrl).host])}</span>
            </div>
            {failure && <FailureNotice failure={failure} showFix={false} />}
            <div class="actions">
              <button type="button" onClick={() => onEdit(account)}>{t('edit')}</button>
              <ConfirmButton label={t('remove')} question={t('removeAccountQuestion', [accountName(account)])} onConfirm={() => onRemove(account)} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
