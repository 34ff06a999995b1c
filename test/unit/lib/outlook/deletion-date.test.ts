import { describe, expect, it } from 'vitest';
import type { Failure } from '@/lib/service/failures';
import { emptySnapshot, type AccountSnapshot, type CheckState } from '@/lib/store/account-state';
import { signInFailingTooLong } from '@/lib/outlook/deletion-date';
import { SIGN_IN_FIRST_NOTICE_MS } from '@/lib/outlook/standing';

// The card's deletion sentence comes when the "sign-in is failing" notice does: the same grace
// (standing.ts), from the same record.

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

describe('the deletion sentence waits as long as the notice', () => {
  it.each([
    [AT + 60_000, false],
    [AT + GRACE, false],
    [AT + GRACE + 1, true],
  ])('at %i: %s', (now, shown) => {
    expect(
      signInFailingTooLong(snapshotWith({ keepAlive: failing({ kind: 'network' }) }), now),
    ).toBe(shown);
  });
});
