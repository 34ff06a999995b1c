import type { Settings } from '../store/settings';
import {
  checkState,
  type AccountSnapshot,
  type Check,
  type CheckState,
} from '../store/account-state';
import { askedToWaitUntil, fixedByTheUser, serverWaitMs } from './backoff';
import { checkInterval, CHECKS } from './checks';

// When each check runs: its schedule, its backed-off retries, and the waits a server asks for.
// Pure: the background sets the alarms from these times, the pages show them.

/**
 * What woke the worker: a periodic alarm, a retry alarm, a worker start (catch up on what is
 * overdue), or a browser start (a new session: sign in sooner, as it may close before the
 * next due time).
 */
export type Trigger = 'alarm' | 'retry' | 'worker-start' | 'browser-start';

/** Alarms fire on their period; runs that were recorded a little earlier still count as due. */
const ALARM_TOLERANCE = 0.1;

/**
 * Whether a check should run now. Pure. While the server's requested time has not come, no
 * trigger runs it (the retry alarm fires at that time). Otherwise a pending retry makes a check
 * due sooner, never later: the periodic alarm and the catch-up at start still run it on its
 * normal schedule.
 */
export function isDue(
  state: CheckState,
  check: Check,
  intervalMs: number,
  now: number,
  trigger: Trigger,
): boolean {
  // An attempt dated after now was made while the clock ran ahead: waiting for that date could
  // stop the sign-in for as long as the clock was wrong.
  if (state.lastAttemptAt === undefined || state.lastAttemptAt > now) return true;
  const waitUntil = askedToWaitUntil(state);
  if (waitUntil !== undefined && now < waitUntil) return false;
  if (state.retryAt !== undefined && now >= state.retryAt) return true;
  if (trigger === 'retry') return false;
  if (trigger === 'alarm') return now >= state.lastAttemptAt + intervalMs * (1 - ALARM_TOLERANCE);
  // A new browser session signs in early: it may close before the next due time.
  if (trigger === 'browser-start' && check === 'signIn')
    return now >= (state.lastSuccessAt ?? state.lastAttemptAt) + intervalMs / 2;
  return now >= state.lastAttemptAt + intervalMs;
}

/**
 * A manual check of an account is not repeated within this time (fast clicks on Check now).
 * Real seconds in every build, the time-scaled test build too: clicks come at a person's pace.
 */
export const MANUAL_CHECK_GAP_MS = 10_000;

/**
 * Whether a manual check (Check now) of a check is held back because one was attempted moments ago. Not
 * after a failure the user fixes (an apps password rejected, details missing): the check that
 * follows saving the account is the one that tells whether the fix worked.
 */
export function checkedMomentsAgo(state: CheckState, now: number): boolean {
  const at = state.lastAttemptAt;
  if (at === undefined || at > now || now - at >= MANUAL_CHECK_GAP_MS) return false;
  return !(state.failure && fixedByTheUser(state.failure));
}

/**
 * When a check is next due: by its schedule or its backed-off retry, whichever is sooner, but
 * never before the time the server asked us to wait for (isDue runs nothing before it); unknown
 * before its first attempt (that runs at once); `now` after an attempt dated in the future (a
 * clock once set ahead): isDue runs it at the next alarm or worker start, as any overdue check.
 * Pure. The periodic alarm may run it a little later: it fires on its own period.
 */
export function nextCheckAt(
  state: CheckState,
  intervalMs: number,
  now: number,
): number | undefined {
  if (state.lastAttemptAt === undefined) return undefined;
  if (state.lastAttemptAt > now) return now;
  return Math.max(
    Math.min(state.lastAttemptAt + intervalMs, state.retryAt ?? Infinity),
    askedToWaitUntil(state) ?? -Infinity,
  );
}

/** When a check of an account really runs next (nextCheckAt with the check's interval from the settings). */
export const nextAttemptAt = (
  snapshot: AccountSnapshot,
  check: Check,
  settings: Settings,
  now: number,
): number | undefined =>
  nextCheckAt(checkState(snapshot, check), checkInterval(settings, check), now);

/**
 * When the earliest backed-off retry of any account is due, if any. A retry of an attempt dated
 * after `now` (made while the clock ran ahead) is due now, as isDue runs it: its stored time
 * could be a year off.
 */
export function nextRetryAt(
  snapshots: readonly AccountSnapshot[],
  now: number,
): number | undefined {
  // A server's wait ends at its cap (askedToWaitUntil), even when a broken version stored it further off.
  const retryOf = (state: CheckState) => {
    const at = askedToWaitUntil(state) ?? state.retryAt;
    return at !== undefined && state.lastAttemptAt !== undefined && state.lastAttemptAt > now
      ? now
      : at;
  };
  const times = snapshots.flatMap((s) =>
    CHECKS.flatMap((check) => retryOf(checkState(s, check)) ?? []),
  );
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * Of the accounts a Check now asks for, those it may check now, and the longest wait the service
 * asked of the others that still runs at `now` (checkHeldUntil), in ms, if any. Pure.
 */
export function checkNowHolds<A>(
  accounts: readonly A[],
  snapshotOf: (account: A) => AccountSnapshot,
  now: number,
): { free: A[]; longestWaitMs?: number } {
  const held = accounts.map((account) => ({
    account,
    until: checkHeldUntil(snapshotOf(account), now),
  }));
  const waits = held.flatMap(({ until }) => (until === undefined ? [] : [until - now]));
  const free = held.flatMap(({ account, until }) => (until === undefined ? [account] : []));
  return { free, ...(waits.length > 0 && { longestWaitMs: Math.max(...waits) }) };
}

/**
 * Until when a Check now of this account sends nothing: the end of the longest wait the service
 * asked for that is still running at `now`, for either check, as the check is one sign-in and
 * usage update; undefined when none is. The service's own time (its Retry-After, capped at
 * SERVER_WAIT_LIMIT_MS), not our backoff past it: a click after that time checks at once; a 429
 * that named no time holds until our backed-off retry (askedToWaitUntil). Not a wait dated from
 * a clock once set ahead (isDue does not hold it either). Pure.
 */
export function checkHeldUntil(snapshot: AccountSnapshot, now: number): number | undefined {
  const ends = CHECKS.flatMap((check) => {
    const state = checkState(snapshot, check);
    const { failure, lastAttemptAt } = state;
    const until = askedToWaitUntil(state);
    if (!failure || lastAttemptAt === undefined || lastAttemptAt > now || until === undefined)
      return [];
    const asked = serverWaitMs(failure);
    const end = asked > 0 ? Math.min(until, lastAttemptAt + asked) : until;
    return end > now ? [end] : [];
  });
  return ends.length > 0 ? Math.max(...ends) : undefined;
}
