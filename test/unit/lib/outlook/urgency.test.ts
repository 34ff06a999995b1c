import { describe, expect, it } from 'vitest';
import type { Failure } from '@/lib/service/failures';
import { emptySnapshot, type AccountSnapshot, type CheckState } from '@/lib/store/account-state';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { SIGN_IN_FIRST_NOTICE_MS } from '@/lib/outlook/standing';
import { urgency } from '@/lib/outlook/urgency';

const AT = Date.UTC(2026, 10, 2, 12);
const failing = (failure: Failure, since = AT): CheckState => ({
  consecutiveFailures: 1,
  failure,
  failingSince: since,
  lastAttemptAt: AT,
  retryAt: AT + 60_000,
});
const snapshotWith = (parts: Partial<AccountSnapshot>): AccountSnapshot => ({
  ...emptySnapshot(),
  ...parts,
});
const GRACE = SIGN_IN_FIRST_NOTICE_MS;

describe('urgency, for the popup order', () => {
  const usage = (percent: number, parts: Partial<AccountSnapshot> = {}) =>
    snapshotWith({ capacity: { quota: 100, used: percent, at: AT }, ...parts });
  it('ranks critical usage, needs-you, warning usage, an outage, then usage; a transient failure by its usage', () => {
    const order = [
      ['transient', usage(50, { keepAlive: failing({ kind: 'network' }) })],
      ['critical', usage(97)],
      ['outage', usage(10, { refresh: failing({ kind: 'network' }, AT - 2 * GRACE) })],
      ['warning', usage(91)],
      ['needs-you', usage(10, { keepAlive: failing({ kind: 'credentials-rejected' }) })],
      ['calm', usage(40)],
    ] as const;
    const ranked = [...order]
      .sort((a, b) => urgency(b[1], DEFAULT_SETTINGS, AT) - urgency(a[1], DEFAULT_SETTINGS, AT))
      .map(([name]) => name);
    expect(ranked).toEqual(['critical', 'needs-you', 'warning', 'outage', 'transient', 'calm']);
  });
});
