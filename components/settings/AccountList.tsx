import { accountName, missingCredentials, type Account } from '@/lib/store/accounts';
import { t } from '@/lib/i18n/translate';
import { snapshotFor, type AccountSnapshot } from '@/lib/store/account-state';
import type { Settings } from '@/lib/store/settings';
import { isAlarming, standingOf, type Standing } from '@/lib/outlook/standing';
import { nextTryLine, transientLine } from '@/lib/outlook/retry-words';
import { nextAttempts } from '@/lib/outlook/next-attempts';
import { AccountSchedule } from './AccountSchedule';
import { ConfirmButton } from './ConfirmButton';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { revisionOf } from '@/lib/store/revision';
import { FailureNotice } from '../common/FailureNotice';
import { hostOf } from '@/lib/pages/safe-names';
import { CardFallback } from '../common/CardFallback';

interface Props {
  accounts: Account[];
  snapshots: Record<string, AccountSnapshot>;
  settings: Settings;
  now: number;
  locale: string;
  onEdit: (account: Account) => void;
  onRemove: (account: Account) => Promise<void>;
}

/** The saved accounts, each with its current problem, to edit or remove; one that cannot be shown can still be removed. */
export function AccountList({ accounts, snapshots, ...entry }: Props) {
  if (accounts.length === 0) return <p>{t('noAccounts')}</p>;
  return (
    <ul class="account-list">
      {accounts.map((account) => (
        <li key={account.id}>
          <ErrorBoundary
            retryOn={account}
            fallback={
              <CardFallback account={account}>
                <ConfirmButton
                  label={t('remove')}
                  question={t('removeUnreadableQuestion')}
                  onConfirm={() => entry.onRemove(account)}
                />
              </CardFallback>
            }
          >
            <AccountEntry
              account={account}
              snapshot={snapshotFor(account, snapshots[account.id])}
              {...entry}
            />
          </ErrorBoundary>
        </li>
      ))}
    </ul>
  );
}

type EntryProps = Omit<Props, 'accounts' | 'snapshots'> & {
  account: Account;
  snapshot: AccountSnapshot;
};

function AccountEntry({ account, snapshot, settings, now, locale, onEdit, onRemove }: EntryProps) {
  // An account imported without its secrets says what it needs at once, before the background has looked at it.
  const missing = missingCredentials(account);
  // Told as the popup tells it: a failure that passes by itself is a quiet line for a day.
  const standing: Standing =
    missing.length > 0
      ? { kind: 'needs-you', failure: { kind: 'not-configured', missing }, check: 'signIn' }
      : standingOf(snapshot, now);
  const failure = isAlarming(standing) ? standing.failure : undefined;
  // The times the card names, from the same decider.
  const next = nextAttempts(snapshot, standing, settings, now);
  const nextTry = failure && nextTryLine(failure, next.retry, now, locale);
  return (
    <>
      <div class="account-list__name">
        <strong>{accountName(account)}</strong>
        <span>{t('accountAt', [account.userId, hostOf(account.baseUrl)])}</span>
      </div>
      <AccountSchedule snapshot={snapshot} nextSignIn={next.signIn} now={now} locale={locale} />
      {failure && (
        <FailureNotice
          failure={failure}
          accountId={account.id}
          revision={revisionOf(account)}
          keyForm={account.keyForm}
          keySource={account.keySource}
          showFix={false}
        />
      )}
      {nextTry && <p class="quiet">{nextTry}</p>}
      {!failure && standing.kind === 'transient' && (
        <p class="quiet">{transientLine(standing, next.retry, now, locale)}</p>
      )}
      <div class="actions">
        <button type="button" onClick={() => onEdit(account)}>
          {t('edit')}
        </button>
        <ConfirmButton
          label={t('remove')}
          question={t('removeAccountQuestion', [accountName(account)])}
          onConfirm={() => onRemove(account)}
        />
      </div>
    </>
  );
}
