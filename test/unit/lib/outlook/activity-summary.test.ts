import { describe, expect, it } from 'vitest';
import { summarizeActivity } from '@/lib/outlook/activity-summary';
import { ACTIVITY_DAYS, type ActivityEntry } from '@/lib/store/activity';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';
import { signIn, usage } from '../../helpers/activity-entries';

// The activity log's summary on the Settings page: the days with a sign-in, those that
// succeeded, the failures recovered from and the longest recovery, over the last 90 days.

const NOW = Date.UTC(2026, 10, 2, 6, 0);

describe("the activity log's summary", () => {
  const today = (h: number, m = 0) => NOW - 6 * HOUR + h * HOUR + m * MINUTE; // NOW is 06:00 UTC
  it.each<[string, ActivityEntry[], ReturnType<typeof summarizeActivity>]>([
    ['nothing logged', [], undefined],
    [
      'usage updates only',
      [usage(NOW - HOUR)],
      { since: NOW - HOUR, signInDays: 0, okDays: 0, recovered: 0 },
    ],
    [
      'every day fine',
      Array.from({ length: 90 }, (_, i) => signIn(NOW - (89 - i) * DAY)),
      { since: NOW - 89 * DAY, signInDays: 90, okDays: 90, recovered: 0 },
    ],
    [
      'one failed day, retried 40 minutes later on the next (the retry is no day of its own)',
      [
        signIn(NOW - 2 * DAY),
        signIn(NOW - DAY + 23 * HOUR + 50 * MINUTE - 6 * HOUR, 'network'),
        signIn(NOW - 6 * HOUR + 30 * MINUTE, 'ok', 'retry'),
        signIn(NOW),
      ],
      {
        since: NOW - 2 * DAY,
        signInDays: 3,
        okDays: 2,
        recovered: 1,
        longestRecoveryMs: 40 * MINUTE,
      },
    ],
    [
      'several failures, retries counted as the same day, the longest recovery',
      [
        signIn(today(0), 'server-error'),
        signIn(today(0, 10), 'server-error', 'retry'),
        signIn(today(0, 30), 'ok', 'retry'),
        signIn(today(2), 'timeout'),
        signIn(today(5), 'ok', 'retry'),
      ],
      { since: today(0), signInDays: 1, okDays: 1, recovered: 2, longestRecoveryMs: 3 * HOUR },
    ],
    [
      'still failing',
      [
        signIn(NOW - 3 * DAY),
        signIn(NOW - 2 * DAY, 'credentials-rejected'),
        signIn(NOW - DAY, 'credentials-rejected'),
        usage(NOW),
      ],
      { since: NOW - 3 * DAY, signInDays: 3, okDays: 1, recovered: 0, failingSince: NOW - 2 * DAY },
    ],
  ])('%s', (_, entries, expected) => {
    const tz = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(summarizeActivity(entries, NOW)).toEqual(expected);
    } finally {
      process.env.TZ = tz;
    }
  });

  it(`counts the last ${ACTIVITY_DAYS} days only (a log not written for a while still holds older entries)`, () => {
    expect(
      summarizeActivity([signIn(NOW - 200 * DAY, 'network'), signIn(NOW - 2 * DAY)], NOW),
    ).toEqual({ since: NOW - 2 * DAY, signInDays: 1, okDays: 1, recovered: 0 });
  });
});
