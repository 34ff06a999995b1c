import { describe, expect, it } from 'vitest';
import type { BonusShortfall } from '@/lib/outlook/bonus';
import type { Forecast } from '@/lib/outlook/forecast';
import type { DatasetCapacity } from '@/lib/service/answers';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { emptySnapshot, type Alerts, type TaskState } from '@/lib/store/account-state';
import { KEEP_ALIVE_FIRST_NOTICE_MS as FIRST } from '@/lib/outlook/standing';
import { DAY_MS as DAY, HOUR_MS as HOUR } from '@/lib/basics/time';
import { bonusNotice, decideNotices, FORECAST_NOTICE_DAYS as NOTICE_DAYS, FORECAST_REARM_DAYS as REARM_DAYS, forecastNotice, KEEP_ALIVE_REMINDER_MS as REMINDER, KEEP_ALIVE_REPEAT_MS as REPEAT, keepAliveNotice, usageNotice, type Decision } from '@/lib/outlook/notices';
import { GIB as GB } from '@/lib/basics/bytes';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const told = (more: Partial<Alerts> = {}): Alerts => ({ ...emptySnapshot().alerts, ...more });
const used = (percent: number): DatasetCapacity => ({ quota: 100 * GB, used: percent * GB });

describe('usageNotice', () => {
  // [why, told, capacity, allowed, decision]
  it.each<[string, Alerts, DatasetCapacity | undefined, boolean, Decision]>([
    ['nothing read yet: nothing', told(), undefined, true, { alerts: told() }],
    ['a zero quota: nothing', told(), { quota: 0, used: 5 }, true, { alerts: told() }],
    ['calm: nothing', told(), used(50), true, { alerts: told() }],
    ['crossing the warning', told(), used(91), true, { alerts: told({ usage: 'warning' }), notice: { kind: 'usage', level: 'warning', percent: 91 } }],
    ['crossing to critical', told({ usage: 'warning' }), used(96), true, { alerts: told({ usage: 'critical' }), notice: { kind: 'usage', level: 'critical', percent: 96 } }],
    ['a warning told once', told({ usage: 'warning' }), used(92), true, { alerts: told({ usage: 'warning' }) }],
    ['switched off: recorded as told all the same (no notice pile-up when switched on)', told(), used(91), false, { alerts: told({ usage: 'warning' }) }],
    ['re-armed by falling back', told({ usage: 'warning' }), used(60), true, { alerts: told() }],
  ])('%s', (_why, alerts, capacity, allowed, decision) => {
    expect(usageNotice(alerts, capacity, DEFAULT_SETTINGS, allowed)).toEqual(decision);
  });
});

describe('forecastNotice', () => {
  const filling = (days: number): Forecast => ({ kind: 'filling', days });
  it.each<[string, Alerts, Forecast, boolean, Decision]>([
    [`full in ${NOTICE_DAYS} days: told`, told(), filling(NOTICE_DAYS), true, { alerts: told({ forecast: true }), notice: { kind: 'forecast', days: NOTICE_DAYS } }],
    ['full in 3 days: told', told(), filling(3), true, { alerts: told({ forecast: true }), notice: { kind: 'forecast', days: 3 } }],
    [`full in ${NOTICE_DAYS + 1} days: not yet`, told(), filling(NOTICE_DAYS + 1), true, { alerts: told() }],
    ['already told: not again', told({ forecast: true }), filling(10), true, { alerts: told({ forecast: true }) }],
    [`moved to ${REARM_DAYS} days: still not re-armed`, told({ forecast: true }), filling(REARM_DAYS), true, { alerts: told({ forecast: true }) }],
    [`moved past ${REARM_DAYS} days: re-armed`, told({ forecast: true }), filling(REARM_DAYS + 1), true, { alerts: told() }],
    ['usage stopped rising: re-armed', told({ forecast: true }), { kind: 'not-filling' }, true, { alerts: told() }],
    ['too little data: no change either way', told({ forecast: true }), { kind: 'unknown' }, true, { alerts: told({ forecast: true }) }],
    ['switched off: not told, and not recorded as told', told(), filling(10), false, { alerts: told() }],
  ])('%s', (_why, alerts, outlook, allowed, decision) => {
    expect(forecastNotice(alerts, outlook, allowed)).toEqual(decision);
  });
});

describe('bonusNotice', () => {
  const shortfall = (period: string): BonusShortfall => ({ until: NOW + 20 * DAY, period, increaseGb: 8, overBytes: 2 * GB });
  it.each<[string, Alerts, BonusShortfall | undefined, boolean, Decision]>([
    ['no shortfall: nothing', told(), undefined, true, { alerts: told() }],
    ['a shortfall: told', told(), shortfall('p1'), true, { alerts: told({ bonusEnd: 'p1' }), notice: { kind: 'bonus-ending', shortfall: shortfall('p1') } }],
    ['the same bonus period: told once', told({ bonusEnd: 'p1' }), shortfall('p1'), true, { alerts: told({ bonusEnd: 'p1' }) }],
    ['a renewed bonus period: told again', told({ bonusEnd: 'p1' }), shortfall('p2'), true, { alerts: told({ bonusEnd: 'p2' }), notice: { kind: 'bonus-ending', shortfall: shortfall('p2') } }],
    ['switched off: not told, and not recorded as told', told(), shortfall('p1'), false, { alerts: told() }],
  ])('%s', (_why, alerts, s, allowed, decision) => {
    expect(bonusNotice(alerts, s, allowed)).toEqual(decision);
  });
});

describe('keepAliveNotice (a failing sign-in)', () => {
  const LAST_OK = NOW - 40 * DAY;
  /** Failing since `ago` before now. */
  const failing = (ago: number): TaskState => ({
    lastAttemptAt: NOW, lastSuccessAt: LAST_OK, failure: { kind: 'credentials-rejected' }, failingSince: NOW - ago, consecutiveFailures: 3,
  });
  const working: TaskState = { lastAttemptAt: NOW, lastSuccessAt: NOW, consecutiveFailures: 0 };
  const failingNotice = (ago: number) => ({ kind: 'keep-alive-failing', failure: { kind: 'credentials-rejected' }, failingSince: NOW - ago, lastSuccessAt: LAST_OK }) as const;
  it.each<[string, Alerts, TaskState, boolean, Decision]>([
    ['working: nothing', told(), working, true, { alerts: told() }],
    ['failing for an hour: nothing yet', told(), failing(HOUR), true, { alerts: told() }],
    ['failing for exactly the grace (a day): nothing yet', told(), failing(FIRST), true, { alerts: told() }],
    ['failing for longer: told', told(), failing(FIRST + 1), true, { alerts: told({ keepAliveNotices: 1, keepAliveNoticeAt: NOW }), notice: failingNotice(FIRST + 1) }],
    ['told once, 3 days in: not again', told({ keepAliveNotices: 1, keepAliveNoticeAt: NOW - 2 * DAY }), failing(3 * DAY), true, { alerts: told({ keepAliveNotices: 1, keepAliveNoticeAt: NOW - 2 * DAY }) }],
    ['told once, over a week in: reminded', told({ keepAliveNotices: 1, keepAliveNoticeAt: NOW - 6 * DAY }), failing(REMINDER + 1), true, { alerts: told({ keepAliveNotices: 2, keepAliveNoticeAt: NOW }), notice: failingNotice(REMINDER + 1) }],
    ['told twice, a day short of a month after the last: not again', told({ keepAliveNotices: 2, keepAliveNoticeAt: NOW - REPEAT + DAY }), failing(40 * DAY), true, { alerts: told({ keepAliveNotices: 2, keepAliveNoticeAt: NOW - REPEAT + DAY }) }],
    ['told twice, a month (30 days) after the last: told monthly', told({ keepAliveNotices: 2, keepAliveNoticeAt: NOW - REPEAT }), failing(40 * DAY), true, { alerts: told({ keepAliveNotices: 3, keepAliveNoticeAt: NOW }), notice: failingNotice(40 * DAY) }],
    ['switched off: not told, not counted', told(), failing(2 * DAY), false, { alerts: told() }],
    ['works again after a "failing" was told: "works again"', told({ keepAliveNotices: 2, keepAliveNoticeAt: NOW - DAY }), working, true, { alerts: told(), notice: { kind: 'keep-alive-recovered' } }],
    ['works again after a failure never told: nothing', told(), working, true, { alerts: told() }],
    ['works again, switched off: nothing told, the count starts over', told({ keepAliveNotices: 1, keepAliveNoticeAt: NOW - DAY }), working, false, { alerts: told() }],
    ['failing without a start (never happens when recorded by us): nothing', told({ keepAliveNotices: 1 }), { ...failing(DAY), failingSince: undefined } as TaskState, true, { alerts: told({ keepAliveNotices: 1 }) }],
  ])('%s', (_why, alerts, keepAlive, allowed, decision) => {
    expect(keepAliveNotice(alerts, keepAlive, allowed, NOW)).toEqual(decision);
  });
});

describe('decideNotices', () => {
  it('asks each decider in turn and keeps what each recorded', () => {
    const snapshot = {
      ...emptySnapshot(),
      capacity: { ...used(96), at: NOW },
      keepAlive: { lastAttemptAt: NOW, failure: { kind: 'network' }, failingSince: NOW - 2 * DAY, consecutiveFailures: 9 } satisfies TaskState,
    };
    const { alerts, notices } = decideNotices({ notifications: true }, snapshot, [], DEFAULT_SETTINGS, NOW);
    expect(notices.map((n) => n.kind)).toEqual(['usage', 'keep-alive-failing']);
    expect(alerts).toEqual(told({ usage: 'critical', keepAliveNotices: 1, keepAliveNoticeAt: NOW }));
  });

  it('tells nothing for an account whose notifications are off, yet records the usage level', () => {
    const snapshot = { ...emptySnapshot(), capacity: { ...used(96), at: NOW } };
    expect(decideNotices({ notifications: false }, snapshot, [], DEFAULT_SETTINGS, NOW)).toEqual({ alerts: told({ usage: 'critical' }), notices: [] });
  });
});
