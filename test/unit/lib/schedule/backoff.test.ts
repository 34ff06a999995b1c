import { describe, expect, it } from 'vitest';
import type { Failure } from '@/lib/service/failures';
import type { Check } from '@/lib/store/account-state';
import { retryDelay } from '@/lib/schedule/backoff';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MIN } from '@/lib/basics/time';

describe('retryDelay', () => {
  const network: Failure = { kind: 'network' };
  const serverError: Failure = { kind: 'server-error', status: 503 };
  const passwordRejected: Failure = { kind: 'credentials-rejected' };
  // [why, check, consecutive failures, failure, interval, delay]
  it.each<[string, Check, number, Failure, number, number | undefined]>([
    // Doubling from the first retry: a minute for the sign-in, five for the usage update.
    ['sign-in, 1st failure: a minute', 'signIn', 1, network, DAY, MIN],
    ['sign-in, 2nd failure: doubled', 'signIn', 2, network, DAY, 2 * MIN],
    ['sign-in, 5th failure: 16 minutes', 'signIn', 5, network, DAY, 16 * MIN],
    ['a count of 0 reads as the first failure', 'signIn', 0, network, DAY, MIN],
    ['usage update, 1st failure: five minutes', 'usageUpdate', 1, network, 30 * MIN, 5 * MIN],
    ['usage update, 2nd failure: ten minutes', 'usageUpdate', 2, serverError, DAY, 10 * MIN],
    // An outage is tried at least hourly, however long it lasts.
    ['an outage: at most an hour apart', 'signIn', 20, network, DAY, HOUR],
    ['a server error: at most an hour apart', 'usageUpdate', 40, serverError, DAY, HOUR],
    [
      'a timeout: at most an hour apart',
      'signIn',
      9,
      { kind: 'timeout', afterMs: 30_000 },
      DAY,
      HOUR,
    ],
    // Only the user can fix these: backed off up to the check's interval, not hourly.
    ['a wrong apps password: backs off to the interval', 'signIn', 20, passwordRejected, DAY, DAY],
    [
      'a wrong apps password, 12-hour interval',
      'signIn',
      12,
      passwordRejected,
      12 * HOUR,
      12 * HOUR,
    ],
    [
      'a rejected API key: backs off to the interval',
      'usageUpdate',
      20,
      { kind: 'api-key-rejected' },
      6 * HOUR,
      6 * HOUR,
    ],
    [
      'a refused redirect: backs off to the interval',
      'signIn',
      20,
      { kind: 'redirect-refused', status: 302 },
      DAY,
      DAY,
    ],
    [
      'an unexpected HTTP status: backs off to the interval',
      'signIn',
      20,
      { kind: 'http-error', status: 418 },
      DAY,
      DAY,
    ],
    ['a wrong apps password still doubles at first', 'signIn', 3, passwordRejected, DAY, 4 * MIN],
    // Never later than the interval, nor a day for the sign-in.
    ['sign-in never waits more than a day', 'signIn', 40, passwordRejected, 7 * DAY, DAY],
    ['never longer than a short interval', 'signIn', 10, network, 30 * MIN, 30 * MIN],
    [
      'usage update waits up to its own interval',
      'usageUpdate',
      40,
      passwordRejected,
      2 * DAY,
      2 * DAY,
    ],
    // The server's Retry-After: no sooner than asked, within the same limits.
    [
      'Retry-After longer than the doubling is kept',
      'signIn',
      1,
      { kind: 'rate-limited', retryAfterMs: 20 * MIN },
      DAY,
      20 * MIN,
    ],
    [
      'Retry-After shorter than the doubling changes nothing',
      'signIn',
      4,
      { kind: 'rate-limited', retryAfterMs: MIN },
      DAY,
      8 * MIN,
    ],
    [
      'Retry-After beyond a day cannot stop the sign-in',
      'signIn',
      1,
      { kind: 'rate-limited', retryAfterMs: 9 * DAY },
      7 * DAY,
      DAY,
    ],
    // …even past the interval: nothing calls the server before its time (askedToWaitUntil).
    [
      'Retry-After of an hour at 30-minute usage updates: the hour',
      'usageUpdate',
      1,
      { kind: 'rate-limited', retryAfterMs: HOUR },
      30 * MIN,
      HOUR,
    ],
    [
      'Retry-After of an hour at 5-minute usage updates: the hour',
      'usageUpdate',
      3,
      { kind: 'rate-limited', retryAfterMs: HOUR },
      5 * MIN,
      HOUR,
    ],
    [
      'Retry-After of three hours at an hourly sign-in: three hours',
      'signIn',
      1,
      { kind: 'server-error', status: 503, retryAfterMs: 3 * HOUR },
      HOUR,
      3 * HOUR,
    ],
    [
      'Retry-After beyond a day: a day for the usage update too',
      'usageUpdate',
      1,
      { kind: 'rate-limited', retryAfterMs: 9 * DAY },
      30 * MIN,
      DAY,
    ],
    [
      'our own doubling still stops at the interval',
      'usageUpdate',
      9,
      { kind: 'rate-limited' },
      30 * MIN,
      30 * MIN,
    ],
    [
      'Retry-After never brings a usage update under 5 minutes',
      'usageUpdate',
      1,
      { kind: 'rate-limited', retryAfterMs: 1000 },
      30 * MIN,
      5 * MIN,
    ],
    [
      'a 503 with Retry-After is honoured like a 429',
      'signIn',
      1,
      { kind: 'server-error', status: 503, retryAfterMs: 20 * MIN },
      DAY,
      20 * MIN,
    ],
    [
      'a nonsense Retry-After (NaN) asks for nothing',
      'signIn',
      1,
      { kind: 'rate-limited', retryAfterMs: Number.NaN },
      DAY,
      MIN,
    ],
    [
      'a negative Retry-After asks for nothing',
      'signIn',
      1,
      { kind: 'rate-limited', retryAfterMs: -5 },
      DAY,
      MIN,
    ],
    [
      'an infinite Retry-After asks for nothing',
      'signIn',
      1,
      { kind: 'rate-limited', retryAfterMs: Number.POSITIVE_INFINITY },
      DAY,
      MIN,
    ],
    [
      'the usage update is never polled more often than 5 minutes',
      'usageUpdate',
      1,
      network,
      MIN,
      5 * MIN,
    ],
    // Nothing was sent: retrying cannot help until the user acts.
    [
      'incomplete account: no retry',
      'signIn',
      1,
      { kind: 'not-configured', missing: ['apiKey'] },
      DAY,
      undefined,
    ],
    [
      'unsendable API key: no retry',
      'usageUpdate',
      3,
      { kind: 'api-key-unsendable' },
      DAY,
      undefined,
    ],
    [
      'host access missing: no retry',
      'signIn',
      1,
      { kind: 'permission-missing', origin: 'https://x.example' },
      DAY,
      undefined,
    ],
  ])('%s', (_why, check, failures, failure, interval, delay) => {
    expect(retryDelay(check, failures, failure, interval)).toBe(delay);
  });
});
