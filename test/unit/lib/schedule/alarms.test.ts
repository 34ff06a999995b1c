import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ensureAlarms, scheduleRetry } from '@/lib/schedule/alarms';
import { ALARM } from '@/lib/store/stored-names';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

// The alarms that carry the schedule, as the browser keeps them: the periodic ones armed from the
// settings and repaired after a clock ran ahead, and the one-shot retry.

const NOW = Date.UTC(2026, 10, 2, 12, 0, 0);
const alarm = (name: string) => fakeBrowser.alarms.get(name);

beforeEach(() => fakeBrowser.reset());

describe('ensureAlarms', () => {
  it('arms one periodic alarm per check with the period the settings ask for, first due one period from now', async () => {
    await ensureAlarms({ ...DEFAULT_SETTINGS, signInHours: 12, usageUpdateMinutes: 45 }, NOW);
    expect(await alarm(ALARM.signIn)).toMatchObject({
      periodInMinutes: 12 * 60,
      scheduledTime: NOW + 12 * HOUR,
    });
    expect(await alarm(ALARM.usageUpdate)).toMatchObject({
      periodInMinutes: 45,
      scheduledTime: NOW + 45 * MINUTE,
    });
    expect(await alarm(ALARM.retry)).toBeUndefined();
  });

  it('leaves an alarm with the right period alone: a worker start must not push it back', async () => {
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    const before = await fakeBrowser.alarms.getAll();
    await ensureAlarms(DEFAULT_SETTINGS, NOW + 10 * MINUTE);
    expect(await fakeBrowser.alarms.getAll()).toEqual(before);
  });

  it('re-arms an alarm whose period the settings changed', async () => {
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    await ensureAlarms({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 }, NOW + MINUTE);
    expect(await alarm(ALARM.usageUpdate)).toMatchObject({
      periodInMinutes: 60,
      scheduledTime: NOW + MINUTE + HOUR,
    });
    expect(await alarm(ALARM.signIn)).toMatchObject({ scheduledTime: NOW + DAY });
  });

  it('re-arms a periodic alarm set while the clock ran a year ahead, and leaves one a day late alone', async () => {
    await ensureAlarms(DEFAULT_SETTINGS, NOW + 365 * DAY);
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    expect(await alarm(ALARM.signIn)).toMatchObject({ scheduledTime: NOW + DAY });
    expect(await alarm(ALARM.usageUpdate)).toMatchObject({ scheduledTime: NOW + 30 * MINUTE });
    // A browser that put an alarm off a little (within a day's slack) is not second-guessed.
    await fakeBrowser.alarms.create(ALARM.signIn, {
      when: NOW + 2 * DAY - MINUTE,
      periodInMinutes: 24 * 60,
    });
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    expect(await alarm(ALARM.signIn)).toMatchObject({ scheduledTime: NOW + 2 * DAY - MINUTE });
  });

  it('brings to now a retry alarm set further off than any retry can be (the clock ran ahead), and leaves a near one', async () => {
    await fakeBrowser.alarms.create(ALARM.retry, { when: NOW + 3 * HOUR });
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    expect(await alarm(ALARM.retry)).toMatchObject({ scheduledTime: NOW + 3 * HOUR });
    await fakeBrowser.alarms.create(ALARM.retry, { when: NOW + 365 * DAY });
    await ensureAlarms(DEFAULT_SETTINGS, NOW);
    expect(await alarm(ALARM.retry)).toMatchObject({ scheduledTime: NOW });
  });
});

describe('scheduleRetry', () => {
  it('arms the one-shot retry at the time given, moves it, and clears it when no retry is due', async () => {
    await scheduleRetry(NOW + 5 * MINUTE);
    expect(await alarm(ALARM.retry)).toMatchObject({ scheduledTime: NOW + 5 * MINUTE });
    expect((await alarm(ALARM.retry))?.periodInMinutes).toBeUndefined();
    await scheduleRetry(NOW + 2 * MINUTE);
    expect(await alarm(ALARM.retry)).toMatchObject({ scheduledTime: NOW + 2 * MINUTE });
    await scheduleRetry(undefined);
    expect(await alarm(ALARM.retry)).toBeUndefined();
  });
});
