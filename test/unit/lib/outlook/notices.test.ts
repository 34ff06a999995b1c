import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BONUS_WARNING_MS, type BonusShortfall } from '@/lib/outlook/bonus';
import type { Forecast } from '@/lib/outlook/forecast';
import type { DatasetCapacity } from '@/lib/service/answers';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/store/settings';
import {
  emptySnapshot,
  type AccountSnapshot,
  type Alerts,
  type CheckState,
} from '@/lib/store/account-state';
import type { HistoryPoint } from '@/lib/store/history';
import { SIGN_IN_FIRST_NOTICE_MS as FIRST } from '@/lib/outlook/standing';
import { DAY_MS as DAY, dayOf, HOUR_MS as HOUR } from '@/lib/basics/time';
import {
  bonusNotice,
  decideNotices,
  FORECAST_NOTICE_DAYS as NOTICE_DAYS,
  FORECAST_REARM_DAYS as REARM_DAYS,
  forecastNotice,
  SIGN_IN_REMINDER_MS as REMINDER,
  SIGN_IN_REPEAT_MS as REPEAT,
  signInNotice,
  usageNotice,
  type Decision,
} from '@/lib/outlook/notices';
import { openNoticeTarget, showNotice } from '@/lib/background/display';
import { ALARM } from '@/lib/store/stored-names';
import { GIB as GB } from '@/lib/basics/bytes';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { account, snapshot, userInfo } from '../../helpers/fixtures';
import { clock, backgroundSuite } from '../../helpers/harness';
import { recordNotices } from '../../helpers/shown-notices';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const told = (more: Partial<Alerts> = {}): Alerts => ({ ...emptySnapshot().alerts, ...more });
const used = (percent: number): DatasetCapacity => ({ quota: 100 * GB, used: percent * GB });

describe('usageNotice', () => {
  // [why, told, capacity, allowed, decision]
  it.each<[string, Alerts, DatasetCapacity | undefined, boolean, Decision]>([
    ['nothing read yet: nothing', told(), undefined, true, { alerts: told() }],
    ['a zero quota: nothing', told(), { quota: 0, used: 5 }, true, { alerts: told() }],
    ['calm: nothing', told(), used(50), true, { alerts: told() }],
    [
      'crossing the warning',
      told(),
      used(91),
      true,
      {
        alerts: told({ usage: 'warning' }),
        notice: { kind: 'usage', level: 'warning', percent: 91 },
      },
    ],
    [
      'crossing to critical',
      told({ usage: 'warning' }),
      used(96),
      true,
      {
        alerts: told({ usage: 'critical' }),
        notice: { kind: 'usage', level: 'critical', percent: 96 },
      },
    ],
    [
      'a warning told once',
      told({ usage: 'warning' }),
      used(92),
      true,
      { alerts: told({ usage: 'warning' }) },
    ],
    [
      'switched off: recorded as told all the same (no notice pile-up when switched on)',
      told(),
      used(91),
      false,
      { alerts: told({ usage: 'warning' }) },
    ],
    ['re-armed by falling back', told({ usage: 'warning' }), used(60), true, { alerts: told() }],
  ])('%s', (_why, alerts, capacity, allowed, decision) => {
    expect(usageNotice(alerts, capacity, DEFAULT_SETTINGS, allowed)).toEqual(decision);
  });
});

describe('forecastNotice', () => {
  const filling = (days: number): Forecast => ({ kind: 'filling', days });
  it.each<[string, Alerts, Forecast, boolean, Decision]>([
    [
      `full in ${NOTICE_DAYS} days: told`,
      told(),
      filling(NOTICE_DAYS),
      true,
      { alerts: told({ forecast: true }), notice: { kind: 'forecast', days: NOTICE_DAYS } },
    ],
    [
      'full in 3 days: told',
      told(),
      filling(3),
      true,
      { alerts: told({ forecast: true }), notice: { kind: 'forecast', days: 3 } },
    ],
    [
      `full in ${NOTICE_DAYS + 1} days: not yet`,
      told(),
      filling(NOTICE_DAYS + 1),
      true,
      { alerts: told() },
    ],
    [
      'already told: not again',
      told({ forecast: true }),
      filling(10),
      true,
      { alerts: told({ forecast: true }) },
    ],
    [
      `moved to ${REARM_DAYS} days: still not re-armed`,
      told({ forecast: true }),
      filling(REARM_DAYS),
      true,
      { alerts: told({ forecast: true }) },
    ],
    [
      `moved past ${REARM_DAYS} days: re-armed`,
      told({ forecast: true }),
      filling(REARM_DAYS + 1),
      true,
      { alerts: told() },
    ],
    [
      'usage stopped rising: re-armed',
      told({ forecast: true }),
      { kind: 'not-filling' },
      true,
      { alerts: told() },
    ],
    [
      'too little data: no change either way',
      told({ forecast: true }),
      { kind: 'unknown' },
      true,
      { alerts: told({ forecast: true }) },
    ],
    [
      'switched off: not told, and not recorded as told',
      told(),
      filling(10),
      false,
      { alerts: told() },
    ],
  ])('%s', (_why, alerts, outlook, allowed, decision) => {
    expect(forecastNotice(alerts, outlook, allowed)).toEqual(decision);
  });
});

describe('bonusNotice', () => {
  const shortfall = (period: string): BonusShortfall => ({
    until: NOW + 20 * DAY,
    period,
    increaseGb: 8,
    overBytes: 2 * GB,
  });
  it.each<[string, Alerts, BonusShortfall | undefined, boolean, Decision]>([
    ['no shortfall: nothing', told(), undefined, true, { alerts: told() }],
    [
      'a shortfall: told',
      told(),
      shortfall('p1'),
      true,
      {
        alerts: told({ bonusEnd: 'p1' }),
        notice: { kind: 'bonus-ending', shortfall: shortfall('p1') },
      },
    ],
    [
      'the same bonus period: told once',
      told({ bonusEnd: 'p1' }),
      shortfall('p1'),
      true,
      { alerts: told({ bonusEnd: 'p1' }) },
    ],
    [
      'a renewed bonus period: told again',
      told({ bonusEnd: 'p1' }),
      shortfall('p2'),
      true,
      {
        alerts: told({ bonusEnd: 'p2' }),
        notice: { kind: 'bonus-ending', shortfall: shortfall('p2') },
      },
    ],
    [
      'switched off: not told, and not recorded as told',
      told(),
      shortfall('p1'),
      false,
      { alerts: told() },
    ],
  ])('%s', (_why, alerts, s, allowed, decision) => {
    expect(bonusNotice(alerts, s, allowed)).toEqual(decision);
  });
});

describe('signInNotice (a failing sign-in)', () => {
  const LAST_OK = NOW - 40 * DAY;
  /** Failing since `ago` before now. */
  const failing = (ago: number): CheckState => ({
    lastAttemptAt: NOW,
    lastSuccessAt: LAST_OK,
    failure: { kind: 'credentials-rejected' },
    failingSince: NOW - ago,
    consecutiveFailures: 3,
  });
  const working: CheckState = { lastAttemptAt: NOW, lastSuccessAt: NOW, consecutiveFailures: 0 };
  const failingNotice = (ago: number) =>
    ({
      kind: 'sign-in-failing',
      failure: { kind: 'credentials-rejected' },
      failingSince: NOW - ago,
      lastSuccessAt: LAST_OK,
    }) as const;
  it.each<[string, Alerts, CheckState, boolean, Decision]>([
    ['working: nothing', told(), working, true, { alerts: told() }],
    ['failing for an hour: nothing yet', told(), failing(HOUR), true, { alerts: told() }],
    [
      'failing for exactly the grace (a day): nothing yet',
      told(),
      failing(FIRST),
      true,
      { alerts: told() },
    ],
    [
      'failing for longer: told',
      told(),
      failing(FIRST + 1),
      true,
      {
        alerts: told({ signInNotices: 1, signInNoticeAt: NOW }),
        notice: failingNotice(FIRST + 1),
      },
    ],
    [
      'told once, 3 days in: not again',
      told({ signInNotices: 1, signInNoticeAt: NOW - 2 * DAY }),
      failing(3 * DAY),
      true,
      { alerts: told({ signInNotices: 1, signInNoticeAt: NOW - 2 * DAY }) },
    ],
    [
      'told once, over a week in: reminded',
      told({ signInNotices: 1, signInNoticeAt: NOW - 6 * DAY }),
      failing(REMINDER + 1),
      true,
      {
        alerts: told({ signInNotices: 2, signInNoticeAt: NOW }),
        notice: failingNotice(REMINDER + 1),
      },
    ],
    [
      'told twice, a day short of a month after the last: not again',
      told({ signInNotices: 2, signInNoticeAt: NOW - REPEAT + DAY }),
      failing(40 * DAY),
      true,
      { alerts: told({ signInNotices: 2, signInNoticeAt: NOW - REPEAT + DAY }) },
    ],
    [
      'told twice, a month (30 days) after the last: told monthly',
      told({ signInNotices: 2, signInNoticeAt: NOW - REPEAT }),
      failing(40 * DAY),
      true,
      {
        alerts: told({ signInNotices: 3, signInNoticeAt: NOW }),
        notice: failingNotice(40 * DAY),
      },
    ],
    ['switched off: not told, not counted', told(), failing(2 * DAY), false, { alerts: told() }],
    [
      'works again after a "failing" was told: "works again"',
      told({ signInNotices: 2, signInNoticeAt: NOW - DAY }),
      working,
      true,
      { alerts: told(), notice: { kind: 'sign-in-recovered' } },
    ],
    ['works again after a failure never told: nothing', told(), working, true, { alerts: told() }],
    [
      'works again, switched off: nothing told, the count starts over',
      told({ signInNotices: 1, signInNoticeAt: NOW - DAY }),
      working,
      false,
      { alerts: told() },
    ],
    [
      'failing without a start (never happens when recorded by us): nothing',
      told({ signInNotices: 1 }),
      { ...failing(DAY), failingSince: undefined },
      true,
      { alerts: told({ signInNotices: 1 }) },
    ],
  ])('%s', (_why, alerts, keepAlive, allowed, decision) => {
    expect(signInNotice(alerts, keepAlive, allowed, NOW)).toEqual(decision);
  });
});

describe('decideNotices', () => {
  it('asks each decider in turn and keeps what each recorded', () => {
    const snapshot = {
      ...emptySnapshot(),
      capacity: { ...used(96), at: NOW },
      keepAlive: {
        lastAttemptAt: NOW,
        failure: { kind: 'network' },
        failingSince: NOW - 2 * DAY,
        consecutiveFailures: 9,
      } satisfies CheckState,
    };
    const { alerts, notices } = decideNotices(
      { notifications: true },
      snapshot,
      [],
      DEFAULT_SETTINGS,
      NOW,
    );
    expect(notices.map((n) => n.kind)).toEqual(['usage', 'sign-in-failing']);
    expect(alerts).toEqual(told({ usage: 'critical', signInNotices: 1, signInNoticeAt: NOW }));
  });

  it('tells nothing for an account whose notifications are off, yet records the usage level', () => {
    const snapshot = { ...emptySnapshot(), capacity: { ...used(96), at: NOW } };
    expect(decideNotices({ notifications: false }, snapshot, [], DEFAULT_SETTINGS, NOW)).toEqual({
      alerts: told({ usage: 'critical' }),
      notices: [],
    });
  });
});

// What comes next, told once: "full in about N days" when it comes within two weeks, and the
// bonus whose end leaves the account over its capacity, once per bonus period.

const QUOTA = 28 * GB;

/** 30 days of readings up to `now`, rising so that the quota is reached `daysLeft` days after `now`. */
function filling(daysLeft: number, now = NOW): HistoryPoint[] {
  const today = dayOf(now);
  const perDay = GB / 4;
  return Array.from({ length: 30 }, (_, i): HistoryPoint => [
    today - 29 + i,
    Math.round(QUOTA - (daysLeft + 29 - i) * perDay),
    QUOTA,
  ]);
}
const flat = (now = NOW): HistoryPoint[] =>
  Array.from({ length: 30 }, (_, i): HistoryPoint => [dayOf(now) - 29 + i, 10 * GB, QUOTA]);

/** Runs the decider over a series of histories, carrying what was told from one to the next. */
function series(
  histories: HistoryPoint[][],
  settings: Settings = DEFAULT_SETTINGS,
  notifications = true,
) {
  let current: AccountSnapshot = snapshot(40);
  return histories.map((history) => {
    const { alerts, notices } = decideNotices(
      account({ notifications }),
      current,
      history,
      settings,
      NOW,
    );
    current = { ...current, alerts };
    return notices.filter((n) => n.kind === 'forecast').map((n) => (n as { days: number }).days);
  });
}

describe('the forecast notice', () => {
  it('is told once when the full date comes within 14 days, and again only after it moved past 28', () => {
    expect(
      series([
        filling(20),
        filling(14),
        filling(10),
        filling(3),
        filling(25),
        filling(28),
        filling(12),
        filling(29),
        filling(13),
      ]),
    ).toEqual([[], [14], [], [], [], [], [], [], [13]]);
  });

  it('is re-armed when usage stops rising', () => {
    expect(series([filling(10), flat(), filling(10)])).toEqual([[10], [], [10]]);
  });

  it('is not re-armed by too little data (a history just started over)', () => {
    expect(series([filling(10), filling(10).slice(-3), filling(10)])).toEqual([[10], [], []]);
  });

  it.each([
    ['its own switch off', { ...DEFAULT_SETTINGS, notifyForecast: false }, true],
    ['the account’s switch off', DEFAULT_SETTINGS, false],
  ])('is not shown with %s, and comes when switched on again', (_name, settings, notifications) => {
    let current = snapshot(40);
    const off = decideNotices(account({ notifications }), current, filling(10), settings, NOW);
    expect(off.notices).toEqual([]);
    current = { ...current, alerts: off.alerts };
    expect(decideNotices(account(), current, filling(10), DEFAULT_SETTINGS, NOW).notices).toEqual([
      { kind: 'forecast', days: 10 },
    ]);
  });

  it('other switches do not silence it', () => {
    const settings = { ...DEFAULT_SETTINGS, notifyUsage: false, notifySignIn: false };
    expect(series([filling(7)], settings)).toEqual([[7]]);
  });
});

describe('the bonus-ending notice', () => {
  const { freshBrowser } = backgroundSuite();
  const UNTIL = Date.UTC(2027, 0, 31); // the fixtures' +8 GB bonus ends then; quota 28 GB with it
  const withBonus = (percent: number, bonus = userInfo().apiKey.bonus!) =>
    snapshot(percent, {
      user: { ...userInfo({ apiKey: { ...userInfo().apiKey, bonus } }), at: NOW },
    });
  const decide = (s: AccountSnapshot, now: number, settings = DEFAULT_SETTINGS) =>
    decideNotices(account(), s, [], settings, now);

  it('is told once per bonus period when the bonus ends within 30 days and the usage would not fit without it', () => {
    const over = withBonus(80); // 22.4 GB used: 2.4 GB over the 20 GB without the bonus
    expect(decide(over, UNTIL - BONUS_WARNING_MS - 1).notices).toEqual([]);
    expect(decide(over, UNTIL - BONUS_WARNING_MS).notices).toHaveLength(1);
    const first = decide(over, UNTIL - 20 * DAY);
    expect(first.notices).toEqual([
      {
        kind: 'bonus-ending',
        shortfall: {
          until: UNTIL,
          period: '2027-01-31 09:00:00.0',
          increaseGb: 8,
          overBytes: Math.round(0.8 * QUOTA) - 20 * GB,
        },
      },
    ]);
    const told = { ...over, alerts: first.alerts };
    expect(decide(told, UNTIL - 10 * DAY).notices).toEqual([]);
    // The bonus is renewed: a new period, told again when its end comes near.
    const renewed = { epochMs: Date.UTC(2027, 2, 31), raw: '2027-03-31 09:00:00.0' };
    const next = withBonus(80, { ...userInfo().apiKey.bonus!, until: renewed });
    expect(
      decide({ ...next, alerts: first.alerts }, renewed.epochMs - 5 * DAY).notices,
    ).toHaveLength(1);
  });

  it('says what happens, in the units of the rest of the extension; a click opens the overview', async () => {
    await freshBrowser();
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const shortfall = { until: UNTIL, period: 'p', increaseGb: 5, overBytes: Math.round(2.3 * GB) };
    await showNotice(account(), { kind: 'bonus-ending', shortfall }, UNTIL - 20 * DAY);
    expect(create.mock.calls[0]?.[0]).toBe('bonus:home');
    expect(create.mock.calls[0]?.[1]).toMatchObject({
      title: 'Home: API key bonus ending',
      message:
        'When the +5 GB bonus ends on Jan 31, 2027, this account will be 2.3 GB over its capacity.',
    });
    await openNoticeTarget('bonus:home');
    expect((await fakeBrowser.tabs.query({})).map((tab) => tab.url)).toContain(
      'chrome-extension://test-extension-id/popup.html',
    );
  });

  it.each([
    ['the usage fits without the bonus', withBonus(70), DEFAULT_SETTINGS],
    ['usage notices are switched off', withBonus(80), { ...DEFAULT_SETTINGS, notifyUsage: false }],
    [
      'the bonus has not started',
      withBonus(80, { ...userInfo().apiKey.bonus!, since: { epochMs: UNTIL - 10 * DAY, raw: '' } }),
      DEFAULT_SETTINGS,
    ],
    [
      'its end is unknown',
      withBonus(80, { ...userInfo().apiKey.bonus!, until: { epochMs: null, raw: 'soon' } }),
      DEFAULT_SETTINGS,
    ],
  ])('is not told when %s', (_name, s, settings) => {
    expect(decide(s, UNTIL - 20 * DAY, settings).notices).toEqual([]);
  });
});

describe('in the background', () => {
  const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
    users: [demoAccount({ userId: 'alice', quota: 100 * GB, used: 50 * GB, bonus: undefined })],
    clockStartsAt: Date.UTC(2026, 10, 2, 6, 0, 0),
  });

  it('a week of readings rising 3 GB a day says "full in about N days" once, with the date; a click opens the overview', async () => {
    const shown = recordNotices();
    const worker = await freshBrowser([stored('alice')]);
    await worker.start('worker-start');
    for (let day = 1; day <= 8; day++) {
      sim().account('alice').used += 3 * GB;
      clock.now += DAY;
      await newWorker().onAlarm(ALARM.usageUpdate);
      clock.now += HOUR;
      await newWorker().onAlarm(ALARM.usageUpdate);
    }
    // Told on the 7th day of readings (the first with enough data): 68 GB used, 32 GB left at 3 GB a day.
    const forecasts = shown.filter((n) => n.id === 'forecast:id-alice');
    expect(forecasts).toHaveLength(1);
    expect(forecasts[0]!.title).toBe('alice: storage filling up');
    expect(forecasts[0]!.at).toBe(Date.UTC(2026, 10, 8, 11, 0, 0));
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      Date.UTC(2026, 10, 19, 11, 0, 0),
    );
    expect(forecasts[0]!.message).toBe(`At this rate, full in about 11 days (around ${date}).`);
    await openNoticeTarget('forecast:id-alice');
    expect((await fakeBrowser.tabs.query({})).map((tab) => tab.url)).toContain(
      'chrome-extension://test-extension-id/popup.html',
    );
  });
});
