import { browser } from 'wxt/browser';
import { taskInterval, type Settings, type Task } from '../store/settings';
import type { AccountSnapshot, TaskState } from '../store/account-state';
import { fixedByTheUser, serverAskedToWait, SERVER_WAIT_LIMIT_MS } from './backoff';
import { DAY_MS } from '../basics/time';

/** The alarms: one periodic alarm per task, and one for the earliest backed-off retry. */
export const ALARM = { keepAlive: 'keep-alive', refresh: 'refresh', retry: 'retry' } as const;
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
 * (lib/background/backoff.ts); a retry time stored further off (a broken version) holds a day at
 * most, the longest wait backoff grants a server. Undefined when the last failure asked for
 * nothing: our own backoff after a network error or a bare 5xx only ever brings a task forward. Pure.
 * Check now is not held by it: a person's one click goes out (at most once in
 * MANUAL_CHECK_GAP_MS, see checkedMomentsAgo) and shows what the service says now.
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

/** When the earliest backed-off retry of any account is due, if any. */
export function nextRetryAt(snapshots: readonly AccountSnapshot[]): number | undefined {
  // A server's wait ends at its cap (askedToWaitUntil), even when a broken version stored it further off.
  const times = snapshots.flatMap((s) => TASKS.flatMap((task) => askedToWaitUntil(s[task]) ?? s[task].retryAt ?? []));
  return times.length > 0 ? Math.min(...times) : undefined;
}

const periodMinutes = (settings: Settings, task: Task) => taskInterval(settings, task) / 60_000;

/**
 * Makes sure each periodic alarm exists with the period the settings ask for. An alarm that
 * already exists with that period is left alone: re-creating it would push it back and, at
 * every worker start, keep it from ever firing. One due more than a day past its period was set
 * while the clock ran ahead, and would not fire until the clock caught up: it is set again. (The
 * day's slack leaves alone an alarm a browser has put off a little, e.g. to its shortest delay.)
 */
export async function ensureAlarms(settings: Settings, now: number): Promise<void> {
  await Promise.all(
    TASKS.map(async (task) => {
      const period = periodMinutes(settings, task);
      const existing = await browser.alarms.get(ALARM[task]);
      if (existing?.periodInMinutes === period && existing.scheduledTime <= now + period * 60_000 + DAY_MS) return;
      await browser.alarms.create(ALARM[task], { when: now + period * 60_000, periodInMinutes: period });
    }),
  );
}

/** Sets (or clears) the one-shot alarm for the earliest retry. */
export async function scheduleRetry(at: number | undefined): Promise<void> {
  const existing = await browser.alarms.get(ALARM.retry);
  if (at === undefined) {
    if (existing) await browser.alarms.clear(ALARM.retry);
    return;
  }
  if (existing?.scheduledTime !== at) await browser.alarms.create(ALARM.retry, { when: at });
}
