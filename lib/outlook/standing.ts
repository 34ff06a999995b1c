import { needsTheUser, type Failure } from '../service/failures';
import { DAY_MS } from '../basics/time';
import {
  checkState,
  type AccountSnapshot,
  type Check,
  type CheckState,
} from '../store/account-state';
import type { Settings } from '../store/settings';
import { checkInterval } from '../schedule/checks';

/**
 * Where an account stands, for the card, the badge and the popup's order alike:
 * - `fine`: nothing failing;
 * - `needs-you`: a failure only the user can end, shown at once;
 * - `transient`: a failure that passes by itself, failing for less than the grace the
 *   notices wait (SIGN_IN_FIRST_NOTICE_MS): one quiet line, no alarm;
 * - `outage`: such a failure that has lasted longer: the notice is (or would be) shown.
 */
export type Standing =
  | { kind: 'fine' }
  | {
      kind: 'needs-you' | 'transient' | 'outage';
      failure: Failure;
      check: Check;
      failedAt?: number;
      retryAt?: number;
    };

/**
 * How long a failure that passes by itself may last before it is an outage: a single failed
 * check at a laptop's wake-up is never news. The first "sign-in is failing" notice waits as
 * long (lib/outlook/notices.ts), so the card, the badge and the notice agree.
 */
export const SIGN_IN_FIRST_NOTICE_MS = DAY_MS;

const RANK = { fine: 0, transient: 1, outage: 2, 'needs-you': 3 } as const;

function checkStanding(state: CheckState, check: Check, now: number): Standing {
  const { failure, failingSince, lastAttemptAt, retryAt } = state;
  if (!failure) return { kind: 'fine' };
  const times = {
    ...(lastAttemptAt !== undefined && { failedAt: lastAttemptAt }),
    ...(retryAt !== undefined && { retryAt }),
  };
  if (needsTheUser(failure)) return { kind: 'needs-you', failure, check, ...times };
  const since = failingSince ?? lastAttemptAt ?? now;
  return {
    kind: now - since > SIGN_IN_FIRST_NOTICE_MS ? 'outage' : 'transient',
    failure,
    check,
    ...times,
  };
}

/** The account's standing: the worse of its sign-in's and its usage update's (the sign-in's on a tie). Pure. */
export function standingOf(snapshot: AccountSnapshot, now: number): Standing {
  const signIn = checkStanding(checkState(snapshot, 'signIn'), 'signIn', now);
  const usage = checkStanding(checkState(snapshot, 'usageUpdate'), 'usageUpdate', now);
  return RANK[usage.kind] > RANK[signIn.kind] ? usage : signIn;
}

/** Whether the standing is one the user must hear about now (card alarm, badge, order). */
export const isAlarming = (
  standing: Standing,
): standing is Exclude<Standing, { kind: 'fine' | 'transient' }> =>
  standing.kind === 'needs-you' || standing.kind === 'outage';

/**
 * Figures are called out of date when the usage update has missed three of its rounds: one
 * missed round is a laptop waking up, three are a real gap.
 */
export const OUT_OF_DATE_ROUNDS = 3;

/** Whether the last good usage figures are old enough to say so (see OUT_OF_DATE_ROUNDS). Pure. */
export function figuresOutOfDate(capacityAt: number, settings: Settings, now: number): boolean {
  return now - capacityAt > OUT_OF_DATE_ROUNDS * checkInterval(settings, 'usageUpdate');
}
