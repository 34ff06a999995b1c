import type { Check, CheckState } from '../store/account-state';
import type { Settings } from '../store/settings';
import { ALARM } from '../store/stored-names';
import { checkInterval, CHECKS } from './checks';
import { checkedMomentsAgo, isDue, type Trigger } from './when-due';

// Which checks a run makes, one choice per kind of run, and what an alarm's name means. Pure:
// the background asks these and acts on the answer.

/** Whether a run makes this check of an account: from its state as the run knows it, the settings, and when the run began. */
export type CheckChoice = (
  state: CheckState,
  check: Check,
  settings: Settings,
  at: number,
) => boolean;

/** What is due (of the checks `only`), as the schedule that woke the worker sees it. */
export const dueChecks =
  (trigger: Trigger, only: readonly Check[] = CHECKS): CheckChoice =>
  (state, check, settings, at) =>
    only.includes(check) && isDue(state, check, checkInterval(settings, check), at, trigger);

/** Check now: every check not made moments ago. */
export const notMomentsAgo: CheckChoice = (state, _check, _settings, at) =>
  !checkedMomentsAgo(state, at);

/** Host access granted: the checks its lack blocked. */
export const blockedByHostAccess: CheckChoice = (state) =>
  state.failure?.kind === 'permission-missing';

/**
 * What an alarm's name means: the run it starts (why, for the activity log, and which checks),
 * or undefined for an alarm not ours. A check's periodic alarm makes that check where it is due;
 * the retry alarm makes every retry that is.
 */
export function alarmMeaning(
  name: string,
): { why: 'schedule' | 'retry'; choose: CheckChoice } | undefined {
  if (name === ALARM.retry) return { why: 'retry', choose: dueChecks('retry') };
  const check = CHECKS.find((candidate) => ALARM[candidate] === name);
  return check && { why: 'schedule', choose: dueChecks('alarm', [check]) };
}
