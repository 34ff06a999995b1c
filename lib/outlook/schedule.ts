import { sendsNothing, type Failure } from '../service/failures';
import { taskInterval, type Settings, type Task } from '../store/settings';
import type { AccountSnapshot, TaskState } from '../store/account-state';
import { DAY_MS, MINUTE_MS } from '../basics/time';

// When each task runs: its schedule, its backed-off retries, and the waits a server asks for.
// Pure: the background's runner sets the alarms from these times, the pages show them.

export const TASKS: readonly Task[] = ['keepAlive', 'refresh'];

/**
 * What woke the worker: a periodic alarm, a retry alarm, a worker start (catch up on what is
 * overdue), or a browser start (a new session: keep alive sooner, as it may close before the
 * next due time).
 */
export type Trigger = 'alarm' | 'retry' | 'worker-start' | 'browser-start';

/** Alarms fire on their period; runs that were recorded a little earlier still count as due. */
const ALARM_TOLERANCE = 0.1;

/**
 * Until when the server asked us to wait before calling it again: a 429, or a 503 with a
 * Retry-After. That is the task's retry time, which backoff sets no sooner than the server asked
 * (retryDelay, below); a retry time stored further off (a broken version) holds a day at
 * most, the longest wait backoff grants a server. Undefined when the last failure asked for
 * nothing: our own backoff after a network error or a bare 5xx only ever brings a task forward. Pure.
 * Check now is held by it too (checkHeldUntil): a service rate-limited or overloaded that is
 * asked again and again can keep the account's key locked out longer, and would refuse the
 * click's request anyway; the page says when a check can go out.
 */
export function askedToWaitUntil({ failure, lastAttemptAt, retryAt }: TaskState): number | undefined {
  if (!failure || !serverAskedToWait(failure) || lastAttemptAt === undefined || retryAt === undefined) return undefined;
  return Math.min(retryAt, lastAttemptAt + SERVER_WAIT_LIMIT_MS);
}

/**
 * Whether a task should run now. Pure. While the server's requested time has not come, no
 * trigger runs it (the retry alarm fires at that time). Otherwise a pending retry makes a task
 * due sooner, never later: the periodic alarm and the catch-up at start still run it on its
 * normal schedule.
 */
export function isDue(state: TaskState, task: Task, intervalMs: number, now: number, trigger: Trigger): boolean {
  // An attempt dated after now was made while the clock ran ahead: waiting for that date could
  // stop the sign-in for as long as the clock was wrong.
  if (state.lastAttemptAt === undefined || state.lastAttemptAt > now) return true;
  const waitUntil = askedToWaitUntil(state);
  if (waitUntil !== undefined && now < waitUntil) return false;
  if (state.retryAt !== undefined && now >= state.retryAt) return true;
  if (trigger === 'retry') return false;
  if (trigger === 'alarm') return now >= state.lastAttemptAt + intervalMs * (1 - ALARM_TOLERANCE);
  // A new browser session signs in early: it may close before the next due time.
  if (trigger === 'browser-start' && task === 'keepAlive') return now >= (state.lastSuccessAt ?? state.lastAttemptAt) + intervalMs / 2;
  return now >= state.lastAttemptAt + intervalMs;
}

/**
 * A manual check of an account is not repeated within this time (fast clicks on Check now).
 * Real seconds in every build, the time-scaled test build too: clicks come at a person's pace.
 */
export const MANUAL_CHECK_GAP_MS = 10_000;

/**
 * Whether a manual check of a task is held back because one was attempted moments ago. Not
 * after a failure the user fixes (an apps password rejected, details missing): the check that
 * follows saving the account is the one that tells whether the fix worked.
 */
export function checkedMomentsAgo(state: TaskState, now: number): boolean {
  const at = state.lastAttemptAt;
  if (at === undefined || at > now || now - at >= MANUAL_CHECK_GAP_MS) return false;
  return !(state.failure && fixedByTheUser(state.failure));
}

/**
 * When a task is next due: by its schedule or its backed-off retry, whichever is sooner, but
 * never before the time the server asked us to wait for (isDue runs nothing before it); unknown
 * before its first attempt (that runs at once); `now` after an attempt dated in the future (a
 * clock once set ahead): isDue runs it at the next alarm or worker start, as any overdue task.
 * Pure. The periodic alarm may run it a little later: it fires on its own period.
 */
export function nextCheckAt(state: TaskState, intervalMs: number, now: number): number | undefined {
  if (state.lastAttemptAt === undefined) return undefined;
  if (state.lastAttemptAt > now) return now;
  return Math.max(Math.min(state.lastAttemptAt + intervalMs, state.retryAt ?? Infinity), askedToWaitUntil(state) ?? -Infinity);
}

/** When a task of an account really runs next (nextCheckAt with the task's interval from the settings). */
export const nextAttemptAt = (snapshot: AccountSnapshot, task: Task, settings: Settings, now: number): number | undefined =>
  nextCheckAt(snapshot[task], taskInterval(settings, task), now);

/**
 * When the earliest backed-off retry of any account is due, if any. A retry of an attempt dated
 * after `now` (made while the clock ran ahead) is due now, as isDue runs it: its stored time
 * could be a year off.
 */
export function nextRetryAt(snapshots: readonly AccountSnapshot[], now: number): number | undefined {
  // A server's wait ends at its cap (askedToWaitUntil), even when a broken version stored it further off.
  const retryOf = (state: TaskState) => {
    const at = askedToWaitUntil(state) ?? state.retryAt;
    return at !== undefined && state.lastAttemptAt !== undefined && state.lastAttemptAt > now ? now : at;
  };
  const times = snapshots.flatMap((s) => TASKS.flatMap((task) => retryOf(s[task]) ?? []));
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * Until when a Check now of this account sends nothing: the end of the longest wait the service
 * asked for that is still running at `now`, for either task, as the check is one sign-in and
 * usage update; undefined when none is. The service's own time (its Retry-After, capped at
 * SERVER_WAIT_LIMIT_MS), not our backoff past it: a click after that time checks at once; a 429
 * that named no time holds until our backed-off retry (askedToWaitUntil). Not a wait dated from
 * a clock once set ahead (isDue does not hold it either). Pure.
 */
export function checkHeldUntil(snapshot: AccountSnapshot, now: number): number | undefined {
  const ends = TASKS.flatMap((task) => {
    const { failure, lastAttemptAt } = snapshot[task];
    const until = askedToWaitUntil(snapshot[task]);
    if (!failure || lastAttemptAt === undefined || lastAttemptAt > now || until === undefined) return [];
    const asked = serverWaitMs(failure);
    const end = asked > 0 ? Math.min(until, lastAttemptAt + asked) : until;
    return end > now ? [end] : [];
  });
  return ends.length > 0 ? Math.max(...ends) : undefined;
}


/**
 * Failures only the user can fix (a rejected password or key, a refused redirect) wait up to
 * the task's interval between retries; an outage is tried again at least hourly, so a short
 * browser session after days offline still gets its keep-alive through.
 */
const USER_FIXES: ReadonlySet<Failure['kind']> = new Set(['credentials-rejected', 'api-key-rejected', 'redirect-refused', 'http-error', 'server-not-found']);
const OUTAGE_RETRY_MS = 60 * MINUTE_MS;

/** Whether the user is the one to fix this failure, in the account's details or its access. */
export const fixedByTheUser = (failure: Failure): boolean => sendsNothing(failure) || USER_FIXES.has(failure.kind);

/** The first retry: a minute for the keep-alive; capacity is never polled more than every 5 minutes. */
const FIRST_RETRY_MS: Record<Task, number> = { keepAlive: MINUTE_MS, refresh: 5 * MINUTE_MS };

/**
 * The longest wait a server's Retry-After can impose: a server's answer can delay the keep-alive,
 * never stop it.
 */
export const SERVER_WAIT_LIMIT_MS = DAY_MS;

/**
 * How long the server asked us to wait (its Retry-After on a 429 or a 503); 0 when it asked for
 * nothing. A nonsense Retry-After (negative, not a number, infinite) asks for nothing.
 */
export function serverWaitMs(failure: Failure): number {
  const asked = failure.kind === 'rate-limited' || failure.kind === 'server-error' ? (failure.retryAfterMs ?? 0) : 0;
  return Number.isFinite(asked) && asked > 0 ? asked : 0;
}

/** Whether the server asked us to wait: any 429 (too many requests), or a 503 with a Retry-After. */
export const serverAskedToWait = (failure: Failure): boolean => failure.kind === 'rate-limited' || serverWaitMs(failure) > 0;

/**
 * When to retry a task after its n-th consecutive failure: doubling from the first retry, never
 * later than the task's normal interval (nor a day, for the keep-alive); but no sooner than the
 * server's Retry-After, even past the interval (nothing calls the server before it, see
 * askedToWaitUntil), up to a day.
 * Undefined when retrying cannot help: nothing was sent, and only the user can change that.
 */
export function retryDelay(task: Task, failures: number, failure: Failure, intervalMs: number): number | undefined {
  if (sendsNothing(failure)) return undefined;
  const first = FIRST_RETRY_MS[task];
  const latest = Math.max(first, task === 'keepAlive' ? Math.min(intervalMs, DAY_MS) : intervalMs);
  const longestDoubled = USER_FIXES.has(failure.kind) ? latest : Math.min(latest, Math.max(first, OUTAGE_RETRY_MS));
  const doubled = Math.min(first * 2 ** Math.min(Math.max(failures, 1) - 1, 30), longestDoubled);
  return Math.max(doubled, Math.min(serverWaitMs(failure), SERVER_WAIT_LIMIT_MS));
}
