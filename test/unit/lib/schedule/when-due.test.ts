import { describe, expect, it } from 'vitest';
import type { Failure } from '@/lib/service/failures';
import { emptySnapshot, type AccountSnapshot, type CheckState } from '@/lib/store/account-state';
import type { Check } from '@/lib/store/account-state';
import { askedToWaitUntil } from '@/lib/schedule/backoff';
import {
  checkedMomentsAgo,
  checkHeldUntil,
  checkNowHolds,
  isDue,
  nextCheckAt,
  nextRetryAt,
  type Trigger,
} from '@/lib/schedule/when-due';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MIN } from '@/lib/basics/time';

const NOW = Date.UTC(2026, 10, 2, 12, 0, 0);
/** The check ran (and succeeded) `ago` before now. */
const ranAgo = (ago: number, more: Partial<CheckState> = {}): CheckState => ({
  lastAttemptAt: NOW - ago,
  lastSuccessAt: NOW - ago,
  consecutiveFailures: 0,
  ...more,
});
const failedAgo = (ago: number, failure: Failure, retryIn?: number): CheckState => ({
  lastAttemptAt: NOW - ago,
  lastSuccessAt: NOW - 3 * HOUR,
  failure,
  failingSince: NOW - ago,
  consecutiveFailures: 1,
  ...(retryIn !== undefined && { retryAt: NOW + retryIn }),
});

describe('isDue', () => {
  // [why, state, check, interval, trigger, due]
  it.each<[string, CheckState, Check, number, Trigger, boolean]>([
    [
      'never run: due on any trigger',
      { consecutiveFailures: 0 },
      'signIn',
      24 * HOUR,
      'retry',
      true,
    ],
    [
      'never run, periodic alarm',
      { consecutiveFailures: 0 },
      'usageUpdate',
      30 * MIN,
      'alarm',
      true,
    ],
    [
      'alarm, a full period after the last run',
      ranAgo(30 * MIN),
      'usageUpdate',
      30 * MIN,
      'alarm',
      true,
    ],
    [
      'alarm a little early (95 % of the period): still due',
      ranAgo(28.5 * MIN),
      'usageUpdate',
      30 * MIN,
      'alarm',
      true,
    ],
    [
      'alarm at exactly 90 % of the period: due',
      ranAgo(27 * MIN),
      'usageUpdate',
      30 * MIN,
      'alarm',
      true,
    ],
    [
      'alarm well inside the period (80 %): not due',
      ranAgo(24 * MIN),
      'usageUpdate',
      30 * MIN,
      'alarm',
      false,
    ],
    [
      'worker start inside the period: not due',
      ranAgo(28.5 * MIN),
      'usageUpdate',
      30 * MIN,
      'worker-start',
      false,
    ],
    [
      'worker start after the period: caught up',
      ranAgo(31 * MIN),
      'usageUpdate',
      30 * MIN,
      'worker-start',
      true,
    ],
    [
      'retry alarm with no retry pending: not due',
      ranAgo(31 * MIN),
      'usageUpdate',
      30 * MIN,
      'retry',
      false,
    ],
    [
      'retry alarm, retry time reached',
      failedAgo(5 * MIN, { kind: 'network' }, 0),
      'signIn',
      24 * HOUR,
      'retry',
      true,
    ],
    [
      'retry alarm, retry time still ahead',
      failedAgo(5 * MIN, { kind: 'network' }, MIN),
      'signIn',
      24 * HOUR,
      'retry',
      false,
    ],
    [
      'a pending retry never holds back the periodic alarm',
      failedAgo(24 * HOUR, { kind: 'network' }, HOUR),
      'signIn',
      24 * HOUR,
      'alarm',
      true,
    ],
    [
      'browser start: sign-in after half its interval',
      ranAgo(13 * HOUR),
      'signIn',
      24 * HOUR,
      'browser-start',
      true,
    ],
    [
      'browser start: not before half its interval',
      ranAgo(11 * HOUR),
      'signIn',
      24 * HOUR,
      'browser-start',
      false,
    ],
    [
      'browser start: capacity keeps its full interval',
      ranAgo(20 * MIN),
      'usageUpdate',
      30 * MIN,
      'browser-start',
      false,
    ],
    [
      'browser start: half counted from the last success',
      failedAgo(MIN, { kind: 'server-error', status: 500 }),
      'signIn',
      4 * HOUR,
      'browser-start',
      true,
    ],
    [
      'browser start: the server asked to wait (rate-limited), so not before its time',
      {
        ...failedAgo(13 * HOUR, { kind: 'rate-limited', retryAfterMs: 2 * HOUR }, 2 * HOUR),
        lastSuccessAt: NOW - 13 * HOUR,
      },
      'signIn',
      24 * HOUR,
      'browser-start',
      false,
    ],
    // A clock once set ahead left an attempt dated in the future: the schedule goes on, not waiting for that date.
    [
      'alarm after the clock was set back a year',
      ranAgo(-365 * DAY),
      'signIn',
      24 * HOUR,
      'alarm',
      true,
    ],
    [
      'worker start after the clock was set back an hour',
      ranAgo(-HOUR),
      'usageUpdate',
      30 * MIN,
      'worker-start',
      true,
    ],
    [
      'a server’s wait dated from a clock set ahead does not hold',
      failedAgo(-30 * DAY, { kind: 'rate-limited', retryAfterMs: HOUR }, 30 * DAY + HOUR),
      'signIn',
      24 * HOUR,
      'alarm',
      true,
    ],
  ])('%s', (_why, state, check, interval, trigger, due) => {
    expect(isDue(state, check, interval, NOW, trigger)).toBe(due);
  });
});

describe('isDue while the server asked to wait (every trigger)', () => {
  // Each check's schedule says due: its last attempt was a period and a minute ago (the hourly
  // sign-in, the usage update every 30 minutes), unless a case says how long ago. Only the
  // server's wait may hold it back.
  const PERIOD: Record<Check, number> = { signIn: HOUR, usageUpdate: 30 * MIN };
  const rateLimited: Failure = { kind: 'rate-limited', retryAfterMs: 2 * HOUR };
  const unavailable: Failure = { kind: 'server-error', status: 503, retryAfterMs: 2 * HOUR };
  // [case, failure, retry in (from now), due on: alarm, retry, worker-start, browser-start, last attempt ago]
  const cases: [
    string,
    Failure | undefined,
    number | undefined,
    Record<Trigger, boolean>,
    number?,
  ][] = [
    [
      'no failure',
      undefined,
      undefined,
      { alarm: true, retry: false, 'worker-start': true, 'browser-start': true },
    ],
    [
      'our own backoff (network), retry ahead',
      { kind: 'network' },
      30 * MIN,
      { alarm: true, retry: false, 'worker-start': true, 'browser-start': true },
    ],
    [
      'our own backoff (a 503 without Retry-After), retry ahead',
      { kind: 'server-error', status: 503 },
      30 * MIN,
      { alarm: true, retry: false, 'worker-start': true, 'browser-start': true },
    ],
    [
      'our own backoff, retry reached',
      { kind: 'network' },
      0,
      { alarm: true, retry: true, 'worker-start': true, 'browser-start': true },
    ],
    [
      'asked to wait (429), before its time',
      rateLimited,
      59 * MIN,
      { alarm: false, retry: false, 'worker-start': false, 'browser-start': false },
    ],
    [
      'asked to wait (429), a second before its time',
      rateLimited,
      1000,
      { alarm: false, retry: false, 'worker-start': false, 'browser-start': false },
    ],
    [
      'asked to wait (429), its time come',
      rateLimited,
      0,
      { alarm: true, retry: true, 'worker-start': true, 'browser-start': true },
    ],
    [
      'asked to wait (429), its time long past',
      rateLimited,
      -HOUR,
      { alarm: true, retry: true, 'worker-start': true, 'browser-start': true },
    ],
    [
      'asked to wait (503 with Retry-After), before its time',
      unavailable,
      59 * MIN,
      { alarm: false, retry: false, 'worker-start': false, 'browser-start': false },
    ],
    [
      'asked to wait (503 with Retry-After), its time come',
      unavailable,
      0,
      { alarm: true, retry: true, 'worker-start': true, 'browser-start': true },
    ],
    // A retry time stored a year off (a broken version): the server's wait holds a day at most.
    [
      'asked to wait (429), its retry stored a year off, tried 23 hours ago',
      rateLimited,
      365 * DAY,
      { alarm: false, retry: false, 'worker-start': false, 'browser-start': false },
      23 * HOUR,
    ],
    [
      'asked to wait (429), its retry stored a year off, tried a day ago',
      rateLimited,
      365 * DAY,
      { alarm: true, retry: false, 'worker-start': true, 'browser-start': true },
      DAY,
    ],
  ];
  const triggers: Trigger[] = ['alarm', 'retry', 'worker-start', 'browser-start'];
  const rows = cases.flatMap(([what, failure, retryIn, due, ago]) =>
    (['signIn', 'usageUpdate'] as const).flatMap((check) =>
      triggers.map((trigger): [string, CheckState, Check, Trigger, boolean] => [
        `${what}: ${check}, ${trigger} → ${due[trigger] ? 'due' : 'not due'}`,
        failure
          ? failedAgo(ago ?? PERIOD[check] + MIN, failure, retryIn)
          : ranAgo(ago ?? PERIOD[check] + MIN),
        check,
        trigger,
        due[trigger],
      ]),
    ),
  );
  it.each(rows)('%s', (_why, state, check, trigger, due) => {
    expect(isDue(state, check, PERIOD[check], NOW, trigger)).toBe(due);
  });
});

describe('when the next sign-in is due', () => {
  const state = (s: Partial<CheckState>): CheckState => ({ consecutiveFailures: 0, ...s });
  it('is the last attempt plus the interval, or a sooner retry; unknown before the first', () => {
    expect(nextCheckAt(state({}), 24 * HOUR, 2000)).toBeUndefined();
    expect(nextCheckAt(state({ lastAttemptAt: 1000 }), 24 * HOUR, 2000)).toBe(1000 + 24 * HOUR);
    expect(nextCheckAt(state({ lastAttemptAt: 1000, retryAt: 1000 + HOUR }), 24 * HOUR, 2000)).toBe(
      1000 + HOUR,
    );
    expect(
      nextCheckAt(state({ lastAttemptAt: 1000, retryAt: 1000 + 30 * HOUR }), 24 * HOUR, 2000),
    ).toBe(1000 + 24 * HOUR);
  });
});

describe('askedToWaitUntil and nextCheckAt: the one time of the next attempt', () => {
  const at = NOW - 10 * MIN;
  const failed = (failure: Failure, retryAt: number): CheckState => ({
    lastAttemptAt: at,
    failure,
    failingSince: at,
    consecutiveFailures: 1,
    retryAt,
  });
  // [why, state, interval, asked to wait until, next attempt]
  it.each<[string, CheckState, number, number | undefined, number | undefined]>([
    [
      'never run: nothing asked, runs at once',
      { consecutiveFailures: 0 },
      30 * MIN,
      undefined,
      undefined,
    ],
    [
      'a success: its schedule',
      { lastAttemptAt: at, lastSuccessAt: at, consecutiveFailures: 0 },
      30 * MIN,
      undefined,
      at + 30 * MIN,
    ],
    [
      'our own retry before the schedule: the retry',
      failed({ kind: 'network' }, at + 5 * MIN),
      30 * MIN,
      undefined,
      at + 5 * MIN,
    ],
    [
      'our own retry after the schedule (interval since shortened): the schedule',
      failed({ kind: 'network' }, at + HOUR),
      30 * MIN,
      undefined,
      at + 30 * MIN,
    ],
    [
      'a 503 without Retry-After asks for nothing',
      failed({ kind: 'server-error', status: 503 }, at + HOUR),
      30 * MIN,
      undefined,
      at + 30 * MIN,
    ],
    [
      'a 503 with Retry-After 0 asks for nothing',
      failed({ kind: 'server-error', status: 503, retryAfterMs: 0 }, at + HOUR),
      30 * MIN,
      undefined,
      at + 30 * MIN,
    ],
    [
      'a 429 an hour long at 30-minute updates: the server’s hour, not the schedule',
      failed({ kind: 'rate-limited', retryAfterMs: HOUR }, at + HOUR),
      30 * MIN,
      at + HOUR,
      at + HOUR,
    ],
    [
      'a 429 without Retry-After: our backed-off time',
      failed({ kind: 'rate-limited' }, at + 5 * MIN),
      30 * MIN,
      at + 5 * MIN,
      at + 5 * MIN,
    ],
    [
      'a 503 with Retry-After past the schedule: the server’s time',
      failed({ kind: 'server-error', status: 503, retryAfterMs: 2 * HOUR }, at + 2 * HOUR),
      HOUR,
      at + 2 * HOUR,
      at + 2 * HOUR,
    ],
    // A retry time stored further off than backoff sets (a broken version) holds a day at most; then the schedule.
    [
      'a 429 retry stored a year off: held a day, then the schedule',
      failed({ kind: 'rate-limited', retryAfterMs: HOUR }, at + 365 * DAY),
      30 * MIN,
      at + DAY,
      at + DAY,
    ],
    [
      'the same at weekly sign-ins: the schedule, after the day',
      failed({ kind: 'rate-limited', retryAfterMs: HOUR }, at + 365 * DAY),
      7 * DAY,
      at + DAY,
      at + 7 * DAY,
    ],
    // A clock once set ahead left the attempt a year in the future: due now, as isDue runs it.
    [
      'an attempt dated a year ahead (the clock since set back): now',
      ranAgo(-365 * DAY),
      24 * HOUR,
      undefined,
      NOW,
    ],
    [
      'a server’s wait dated from a clock set ahead: now, as isDue does not hold it',
      failedAgo(-30 * DAY, { kind: 'rate-limited', retryAfterMs: HOUR }, 30 * DAY + HOUR),
      24 * HOUR,
      NOW + 30 * DAY + HOUR,
      NOW,
    ],
  ])('%s', (_why, state, interval, until, next) => {
    expect(askedToWaitUntil(state)).toBe(until);
    expect(nextCheckAt(state, interval, NOW)).toBe(next);
  });
});

describe('nextRetryAt', () => {
  const withRetries = (keepAlive?: number, refresh?: number): AccountSnapshot => {
    const s = emptySnapshot();
    return {
      ...s,
      keepAlive: { ...s.keepAlive, ...(keepAlive !== undefined && { retryAt: keepAlive }) },
      refresh: { ...s.refresh, ...(refresh !== undefined && { retryAt: refresh }) },
    };
  };
  it.each<[string, AccountSnapshot[], number | undefined]>([
    ['no accounts: no retry', [], undefined],
    ['nothing failing: no retry', [withRetries(), withRetries()], undefined],
    ['one retry', [withRetries(NOW + 5 * MIN)], NOW + 5 * MIN],
    [
      'the earliest of one account’s two checks',
      [withRetries(NOW + HOUR, NOW + 5 * MIN)],
      NOW + 5 * MIN,
    ],
    [
      'the earliest across accounts, whichever check',
      [withRetries(NOW + HOUR), withRetries(undefined, NOW + 2 * MIN), withRetries(NOW + 9 * MIN)],
      NOW + 2 * MIN,
    ],
    ['an overdue retry comes first', [withRetries(NOW + HOUR), withRetries(NOW - MIN)], NOW - MIN],
    [
      'a server’s wait stored a year away (a broken version): the alarm at its cap, a day after the attempt',
      [
        {
          ...emptySnapshot(),
          keepAlive: failedAgo(HOUR, { kind: 'rate-limited', retryAfterMs: 365 * DAY }, 365 * DAY),
        },
      ],
      NOW - HOUR + DAY,
    ],
    // A clock once set ahead left a failed attempt (and its retry) a year in the future: due now, as isDue runs it.
    [
      'a retry of an attempt dated a year ahead (the clock since set back): now',
      [
        withRetries(NOW + HOUR),
        {
          ...emptySnapshot(),
          refresh: failedAgo(-365 * DAY, { kind: 'network' }, 365 * DAY + 5 * MIN),
        },
      ],
      NOW,
    ],
    [
      'a server’s wait dated a year ahead: now',
      [
        {
          ...emptySnapshot(),
          keepAlive: failedAgo(
            -365 * DAY,
            { kind: 'rate-limited', retryAfterMs: HOUR },
            365 * DAY + HOUR,
          ),
        },
      ],
      NOW,
    ],
  ])('%s', (_why, snapshots, expected) => {
    expect(nextRetryAt(snapshots, NOW)).toBe(expected);
  });
});

describe('checkHeldUntil (Check now waits for the service)', () => {
  const account = (keepAlive: CheckState, refresh: CheckState = ranAgo(HOUR)): AccountSnapshot => ({
    ...emptySnapshot(),
    keepAlive,
    refresh,
  });
  it.each<[string, AccountSnapshot, number | undefined]>([
    ['nothing failing: not held', account(ranAgo(HOUR)), undefined],
    [
      'our own backoff (network): not held',
      account(failedAgo(MIN, { kind: 'network' }, MIN)),
      undefined,
    ],
    [
      'a 503 without Retry-After: not held',
      account(failedAgo(MIN, { kind: 'server-error', status: 503 }, MIN)),
      undefined,
    ],
    [
      'a 503 asking 2 minutes, 1 minute ago: held until its end',
      account(failedAgo(MIN, { kind: 'server-error', status: 503, retryAfterMs: 2 * MIN }, MIN)),
      NOW + MIN,
    ],
    [
      'a 429 asking 2 minutes, 1 minute ago: held until its end',
      account(failedAgo(MIN, { kind: 'rate-limited', retryAfterMs: 2 * MIN }, MIN)),
      NOW + MIN,
    ],
    [
      'a 429 without Retry-After: held until our backed-off retry',
      account(failedAgo(MIN, { kind: 'rate-limited' }, MIN)),
      NOW + MIN,
    ],
    [
      'the service asked 2 minutes, our backoff says 5: held the 2 minutes only',
      account(
        ranAgo(HOUR),
        failedAgo(MIN, { kind: 'rate-limited', retryAfterMs: 2 * MIN }, 4 * MIN),
      ),
      NOW + MIN,
    ],
    [
      'the wait just over: checks',
      account(failedAgo(2 * MIN, { kind: 'rate-limited', retryAfterMs: 2 * MIN }, 0)),
      undefined,
    ],
    [
      'the usage update’s wait holds the whole check',
      account(
        ranAgo(HOUR),
        failedAgo(MIN, { kind: 'rate-limited', retryAfterMs: HOUR }, HOUR - MIN),
      ),
      NOW + HOUR - MIN,
    ],
    [
      'both checks waiting: until the later',
      account(
        failedAgo(MIN, { kind: 'rate-limited', retryAfterMs: 5 * MIN }, 4 * MIN),
        failedAgo(MIN, { kind: 'rate-limited', retryAfterMs: HOUR }, HOUR - MIN),
      ),
      NOW + HOUR - MIN,
    ],
    [
      'a wait stored a year away: held a day from the attempt at most',
      account(failedAgo(HOUR, { kind: 'rate-limited', retryAfterMs: 365 * DAY }, 365 * DAY)),
      NOW - HOUR + DAY,
    ],
    [
      'a wait dated from a clock set ahead: not held',
      account(failedAgo(-30 * DAY, { kind: 'rate-limited', retryAfterMs: HOUR }, 30 * DAY + HOUR)),
      undefined,
    ],
  ])('%s', (_why, snapshot, until) => {
    expect(checkHeldUntil(snapshot, NOW)).toBe(until);
  });
});

describe('checkNowHolds (which accounts a Check now may check)', () => {
  const fine: AccountSnapshot = {
    ...emptySnapshot(),
    keepAlive: ranAgo(HOUR),
    refresh: ranAgo(HOUR),
  };
  const waiting = (minutes: number): AccountSnapshot => ({
    ...fine,
    keepAlive: failedAgo(
      MIN,
      { kind: 'rate-limited', retryAfterMs: (minutes + 1) * MIN },
      minutes * MIN,
    ),
  });
  const holds = (snapshots: Record<string, AccountSnapshot>) =>
    checkNowHolds(Object.keys(snapshots), (id) => snapshots[id]!, NOW);

  it('checks every account none of whose checks the service asked to wait', () => {
    expect(holds({ a: fine, b: fine })).toEqual({ free: ['a', 'b'] });
  });

  it('holds back those it asked to wait, and says the longest wait left', () => {
    expect(holds({ a: fine, b: waiting(2), c: waiting(5) })).toEqual({
      free: ['a'],
      longestWaitMs: 5 * MIN,
    });
    expect(holds({ b: waiting(2) })).toEqual({ free: [], longestWaitMs: 2 * MIN });
  });
});

describe('checkedMomentsAgo (a manual check held back)', () => {
  it.each<[string, CheckState, boolean]>([
    ['never checked: checks', { consecutiveFailures: 0 }, false],
    ['checked 3 s ago: held back', ranAgo(3_000), true],
    ['checked just under 10 s ago: held back', ranAgo(9_999), true],
    ['checked 10 s ago: checks again', ranAgo(10_000), false],
    ['checked an hour ago: checks', ranAgo(HOUR), false],
    ['a check dated in the future (a clock set back): checks', ranAgo(-5_000), false],
    ['an outage 3 s ago: held back', failedAgo(3_000, { kind: 'network' }), true],
    [
      'a server error 3 s ago: held back',
      failedAgo(3_000, { kind: 'server-error', status: 503 }),
      true,
    ],
    // The user may just have fixed it: the check after saving the account must go out.
    [
      'an apps password rejected 3 s ago: checks',
      failedAgo(3_000, { kind: 'credentials-rejected' }),
      false,
    ],
    ['an API key rejected 3 s ago: checks', failedAgo(3_000, { kind: 'api-key-rejected' }), false],
    [
      'details missing 3 s ago: checks',
      failedAgo(3_000, { kind: 'not-configured', missing: ['password', 'apiKey'] }),
      false,
    ],
    [
      'host access missing 3 s ago: checks',
      failedAgo(3_000, { kind: 'permission-missing', origin: 'https://x.example' }),
      false,
    ],
  ])('%s', (_why, state, held) => {
    expect(checkedMomentsAgo(state, NOW)).toBe(held);
  });
});
