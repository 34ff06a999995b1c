import { accountName, missingCredentials, type Account } from '@/lib/store/accounts';
import type { Failure } from '@/lib/service/failures';
import { t } from '@/lib/i18n/translate';
import { snapshotFor, type AccountSnapshot } from '@/lib/store/account-state';
import type { Settings } from '@/lib/store/settings';
import { isAlarming, standingOf } from '@/lib/outlook/standing';
import { nextTryLine, transientLine } from '@/lib/outlook/retry-words';
import { failureTellsNextSignIn } from '@/lib/outlook/card-words';
import { nextAttemptAt } from '@/lib/outlook/schedule';
import { AccountSchedule } from './AccountSchedule';
import { ConfirmButton } from './ConfirmButton';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { FailureNotice } from '../common/FailureNotice';
import { hostOf } from '../helpers/safe-names';
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
                <ConfirmButton label={t('remove')} question={t('removeUnreadableQuestion')} onConfirm={() => entry.onRemove(account)} />
              </CardFallback>
            }
          >
            <AccountEntry account={account} snapshot={snapshotFor(account, snapshots[account.id])} {...entry} />
          </ErrorBoundary>
        </li>
      ))}
    </ul>
  );
}

type EntryProps = Omit<Props, 'accounts' | 'snapshots'> & { account: Account; snapshot: AccountSnapshot };

function AccountEntry({ account, snapshot, settings, now, locale, onEdit, onRemove }: EntryProps) {
  // An account imported without its secrets says what it needs at once, before the background has looked at it.
  const missing = missingCredentials(account);
  // Told as the popup tells it: a failure that passes by itself is a quiet line for a day.
  const standing = standingOf(snapshot, now);
  const failure: Failure | undefined = missing.length > 0 ? { kind: 'not-configured', missing } : isAlarming(standing) ? standing.failure : undefined;
  const task = standing.kind === 'fine' ? 'keepAlive' : standing.task;
  // One time for the next attempt, as on the card: the failure's line, or the schedule's.
  const next = nextAttemptAt(snapshot, task, settings, now);
  // The schedule line's next sign-in: that same time when the sign-in is the task at hand.
  const nextSignIn = task === 'keepAlive' ? next : nextAttemptAt(snapshot, 'keepAlive', settings, now);
  const shown = failure ?? (standing.kind === 'transient' ? standing.failure : undefined);
  const nextTry = failure && nextTryLine(failure, next, now, locale);
  return (
    <>
      <div class="account-list__name">
        <strong>{accountName(account)}</strong>
        <span>{t('accountAt', [account.userId, hostOf(account.baseUrl)])}</span>
      </div>
      <AccountSchedule snapshot={snapshot} nextSignIn={nextSignIn} now={now} locale={locale} nextTold={shown !== undefined && failureTellsNextSignIn(shown, task)} />
      {failure && <FailureNotice failure={failure} accountId={account.id} keyForm={account.keyForm} keySource={account.keySource} showFix={false} />}
      {nextTry && <p class="quiet">{nextTry}</p>}
      {!failure && standing.kind === 'transient' && <p class="quiet">{transientLine(standing, next, now, locale)}</p>}
      <div class="actions">
        <button type="button" onClick={() => onEdit(account)}>{t('edit')}</button>
        <ConfirmButton label={t('remove')} question={t('removeAccountQuestion', [accountName(account)])} onConfirm={() => onRemove(account)} />
      </div>
    </>
  );
}
