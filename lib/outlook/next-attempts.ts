import type { AccountSnapshot } from '../store/account-state';
import type { Settings } from '../store/settings';
import type { Standing } from './standing';
import { failureTellsNextSignIn } from './card-words';
import { nextAttemptAt } from '../schedule/when-due';

/** What comes next for an account, as the popup's card, the Settings page's list and the badge's tooltip all tell it. */
export interface NextAttempts {
  /** When the failing check runs again, for the failure's line; none while nothing fails or before that check's first attempt. */
  retry?: number;
  /**
   * When the next sign-in is due, for a line of its own; none when the failure's line already
   * tells it (or that none comes: a paused account).
   */
  signIn?: number;
}

/**
 * The one decider of the times an account's pages name, so no two of them disagree: the failed
 * check's next attempt, and the next sign-in unless the failure's line tells it. A sign-in not yet
 * attempted is due now: it runs as soon as the account is saved. Pure.
 */
export function nextAttempts(
  snapshot: AccountSnapshot,
  standing: Standing,
  settings: Settings,
  now: number,
): NextAttempts {
  const retry =
    standing.kind === 'fine' ? undefined : nextAttemptAt(snapshot, standing.check, settings, now);
  const told = standing.kind !== 'fine' && failureTellsNextSignIn(standing.failure, standing.check);
  const signIn = told ? undefined : (nextAttemptAt(snapshot, 'signIn', settings, now) ?? now);
  return { ...(retry !== undefined && { retry }), ...(signIn !== undefined && { signIn }) };
}
