import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { FAILED_AT, failing, snapshotWith } from '../../helpers/fixtures';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { checkInterval } from '@/lib/schedule/checks';
import {
  figuresOutOfDate,
  SIGN_IN_FIRST_NOTICE_MS,
  OUT_OF_DATE_ROUNDS,
  standingOf,
} from '@/lib/outlook/standing';

const GRACE = SIGN_IN_FIRST_NOTICE_MS;

describe('standingOf', () => {
  it.each<[string, Partial<AccountSnapshot>, number, string]>([
    ['nothing failing', {}, FAILED_AT, 'fine'],
    [
      'one failed sign-in (network), a minute ago',
      { keepAlive: failing({ kind: 'network' }) },
      FAILED_AT + 60_000,
      'transient',
    ],
    [
      'a timeout failing for exactly the grace: still transient',
      { keepAlive: failing({ kind: 'timeout', afterMs: 1 }) },
      FAILED_AT + GRACE,
      'transient',
    ],
    [
      'a server error past the grace: an outage',
      { refresh: failing({ kind: 'server-error', status: 500 }) },
      FAILED_AT + GRACE + 1,
      'outage',
    ],
    [
      'a rate limit past the grace: an outage',
      { keepAlive: failing({ kind: 'rate-limited' }) },
      FAILED_AT + GRACE + 1,
      'outage',
    ],
    [
      'a rejected password: needs you at once',
      { keepAlive: failing({ kind: 'credentials-rejected' }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      'a rejected key: needs you',
      { refresh: failing({ kind: 'api-key-rejected' }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      'access not granted: needs you',
      { refresh: failing({ kind: 'permission-missing', origin: 'https://x.example' }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      'not configured: needs you',
      { keepAlive: failing({ kind: 'not-configured', missing: ['password'] }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      'an unsendable key: needs you',
      { keepAlive: failing({ kind: 'api-key-unsendable' }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      "getUser's 404 (a wrong address): needs you",
      { keepAlive: failing({ kind: 'server-not-found' }) },
      FAILED_AT,
      'needs-you',
    ],
    [
      'the worse of the two checks',
      {
        keepAlive: failing({ kind: 'network' }),
        refresh: failing({ kind: 'credentials-rejected' }),
      },
      FAILED_AT,
      'needs-you',
    ],
  ])('%s', (_why, parts, now, kind) => {
    expect(standingOf(snapshotWith(parts), now).kind).toBe(kind);
  });

  it('carries when the check failed and the retry the extension scheduled', () => {
    expect(
      standingOf(snapshotWith({ keepAlive: failing({ kind: 'network' }) }), FAILED_AT),
    ).toEqual({
      kind: 'transient',
      failure: { kind: 'network' },
      check: 'signIn',
      failedAt: FAILED_AT,
      retryAt: FAILED_AT + 60_000,
    });
  });
});

describe('figures out of date', () => {
  // Out of date after three missed rounds of the usage update (by default every 30 minutes).
  const ROUND = checkInterval(DEFAULT_SETTINGS, 'usageUpdate');
  it.each([
    [FAILED_AT + ROUND + 1, false],
    [FAILED_AT + OUT_OF_DATE_ROUNDS * ROUND, false],
    [FAILED_AT + OUT_OF_DATE_ROUNDS * ROUND + 1, true],
  ])('read at FAILED_AT, seen at %i: %s', (now, old) => {
    expect(figuresOutOfDate(FAILED_AT, DEFAULT_SETTINGS, now)).toBe(old);
  });
});
