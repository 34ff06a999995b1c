import { describe, expect, it } from 'vitest';
import { alarmMeaning, blockedByHostAccess, notMomentsAgo } from '@/lib/schedule/check-choices';
import type { Check, CheckState } from '@/lib/store/account-state';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { HOUR_MS as HOUR } from '@/lib/basics/time';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const never: CheckState = { consecutiveFailures: 0 };
const CHECKS: Check[] = ['signIn', 'usageUpdate'];

describe('alarmMeaning', () => {
  it('a periodic alarm, by its stored name, makes its own check where it is due, and only that one', () => {
    const signIn = alarmMeaning('keep-alive')!;
    const usage = alarmMeaning('refresh')!;
    expect([signIn.why, usage.why]).toEqual(['schedule', 'schedule']);
    const chosen = (meaning: typeof signIn, state: CheckState) =>
      CHECKS.filter((check) => meaning.choose(state, check, DEFAULT_SETTINGS, NOW));
    expect(chosen(signIn, never)).toEqual(['signIn']);
    expect(chosen(usage, never)).toEqual(['usageUpdate']);
    // Made a minute ago: not due again.
    expect(chosen(signIn, { ...never, lastAttemptAt: NOW - 60_000 })).toEqual([]);
  });

  it('the retry alarm makes every retry that is due; an alarm not ours means nothing', () => {
    const retry = alarmMeaning('retry')!;
    expect(retry.why).toBe('retry');
    const failed: CheckState = {
      consecutiveFailures: 1,
      lastAttemptAt: NOW - HOUR,
      retryAt: NOW - 1,
      failure: { kind: 'network' },
      failingSince: NOW - HOUR,
    };
    expect(CHECKS.filter((check) => retry.choose(failed, check, DEFAULT_SETTINGS, NOW))).toEqual(
      CHECKS,
    );
    expect(alarmMeaning('something-else')).toBeUndefined();
  });
});

describe('the other runs', () => {
  it('Check now makes every check not made moments ago; host access granted, the checks it blocked', () => {
    expect(notMomentsAgo(never, 'signIn', DEFAULT_SETTINGS, NOW)).toBe(true);
    expect(
      notMomentsAgo({ ...never, lastAttemptAt: NOW - 1 }, 'signIn', DEFAULT_SETTINGS, NOW),
    ).toBe(false);
    const blocked = { ...never, failure: { kind: 'permission-missing' as const, origin: 'x' } };
    expect(blockedByHostAccess(blocked, 'signIn', DEFAULT_SETTINGS, NOW)).toBe(true);
    expect(blockedByHostAccess(never, 'signIn', DEFAULT_SETTINGS, NOW)).toBe(false);
  });
});
