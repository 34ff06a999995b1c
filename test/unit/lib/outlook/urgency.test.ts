import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { FAILED_AT, failing, snapshotWith } from '../../helpers/fixtures';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { SIGN_IN_FIRST_NOTICE_MS } from '@/lib/outlook/standing';
import { urgency } from '@/lib/outlook/urgency';

const GRACE = SIGN_IN_FIRST_NOTICE_MS;

describe('urgency, for the popup order', () => {
  const usage = (percent: number, parts: Partial<AccountSnapshot> = {}) =>
    snapshotWith({ capacity: { quota: 100, used: percent, at: FAILED_AT }, ...parts });
  it('ranks critical usage, needs-you, warning usage, an outage, then usage; a transient failure by its usage', () => {
    const order = [
      ['transient', usage(50, { keepAlive: failing({ kind: 'network' }) })],
      ['critical', usage(97)],
      ['outage', usage(10, { refresh: failing({ kind: 'network' }, FAILED_AT - 2 * GRACE) })],
      ['warning', usage(91)],
      ['needs-you', usage(10, { keepAlive: failing({ kind: 'credentials-rejected' }) })],
      ['calm', usage(40)],
    ] as const;
    const ranked = [...order]
      .sort(
        (a, b) =>
          urgency(b[1], DEFAULT_SETTINGS, FAILED_AT) - urgency(a[1], DEFAULT_SETTINGS, FAILED_AT),
      )
      .map(([name]) => name);
    expect(ranked).toEqual(['critical', 'needs-you', 'warning', 'outage', 'transient', 'calm']);
  });
});
