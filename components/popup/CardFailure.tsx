import type { Account } from '@/lib/store/accounts';
import { checkState, type AccountSnapshot } from '@/lib/store/account-state';
import { safetyLine, signInFailingTooLong } from '@/lib/outlook/deletion-date';
import type { Standing } from '@/lib/outlook/standing';
import { nextTryLine, transientLine } from '@/lib/outlook/retry-words';
import { revisionOf } from '@/lib/store/revision';
import { FailureNotice } from '../common/FailureNotice';

interface Props {
  account: Account;
  snapshot: AccountSnapshot;
  /** The account's standing, when something is failing. */
  standing: Exclude<Standing, { kind: 'fine' }>;
  /** When the failed check really runs next (nextAttempts' retry). */
  next: number | undefined;
  now: number;
  locale: string;
}

/**
 * What an account card says about a failure: one passing by itself in a quiet line; one the user
 * must hear about with its fix and what comes next (a retry, or a pause until the user acts); a sign-in failing too long, with what that risks.
 */
export function CardFailure({ account, snapshot, standing, next, now, locale }: Props) {
  const nextTry = standing.kind !== 'transient' && nextTryLine(standing.failure, next, now, locale);
  return (
    <>
      {standing.kind === 'transient' ? (
        <p class="card__quiet">{transientLine(standing, next, now, locale)}</p>
      ) : (
        <FailureNotice
          failure={standing.failure}
          accountId={account.id}
          revision={revisionOf(account)}
          keyForm={account.keyForm}
          keySource={account.keySource}
        />
      )}
      {nextTry && <p class="card__quiet">{nextTry}</p>}
      {signInFailingTooLong(snapshot, now) && (
        <p class="card__warning">
          {safetyLine(checkState(snapshot, 'signIn').lastSuccessAt, now, locale)}
        </p>
      )}
    </>
  );
}
