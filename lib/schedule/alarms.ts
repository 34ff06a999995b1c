import { browser } from 'wxt/browser';
import { DAY_MS } from '../basics/time';
import type { Settings } from '../store/settings';
import { ALARM } from '../store/stored-names';
import { SERVER_WAIT_LIMIT_MS } from './backoff';
import type { Check } from '../store/account-state';
import { checkInterval, CHECKS } from './checks';

// The alarms that carry the schedule: one periodic alarm per check, whose period the settings
// give, and one for the earliest backed-off retry (check-choices.ts says what each runs).

const periodMinutes = (settings: Settings, check: Check) => checkInterval(settings, check) / 60_000;

/**
 * Makes sure each periodic alarm exists with the period the settings ask for. An alarm that
 * already exists with that period is left alone: re-creating it would push it back and, at
 * every worker start, keep it from ever firing. One due more than a day past its period was set
 * while the clock ran ahead, and would not fire until the clock caught up: it is set again. (The
 * day's slack leaves alone an alarm a browser has put off a little, e.g. to its shortest delay.)
 * So is the retry alarm due more than a day past the longest retry (a check's interval, or the
 * longest wait a server can ask): set for now, it runs what is due and is armed again from the
 * snapshots (nextRetryAt), before the run it starts has to finish.
 */
export async function ensureAlarms(settings: Settings, now: number): Promise<void> {
  const longestRetry = Math.max(
    SERVER_WAIT_LIMIT_MS,
    ...CHECKS.map((check) => checkInterval(settings, check)),
  );
  const retry = browser.alarms.get(ALARM.retry).then(async (existing) => {
    if (existing && existing.scheduledTime > now + longestRetry + DAY_MS)
      await browser.alarms.create(ALARM.retry, { when: now });
  });
  await Promise.all([
    retry,
    ...CHECKS.map(async (check) => {
      const period = periodMinutes(settings, check);
      const existing = await browser.alarms.get(ALARM[check]);
      if (
        existing?.periodInMinutes === period &&
        existing.scheduledTime <= now + period * 60_000 + DAY_MS
      )
        return;
      await browser.alarms.create(ALARM[check], {
        when: now + period * 60_000,
        periodInMinutes: period,
      });
    }),
  ]);
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
