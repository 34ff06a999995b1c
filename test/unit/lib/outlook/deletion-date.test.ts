import { describe, expect, it } from 'vitest';
import { FAILED_AT, failing, snapshotWith } from '../../helpers/fixtures';
import { signInFailingTooLong } from '@/lib/outlook/deletion-date';
import { SIGN_IN_FIRST_NOTICE_MS } from '@/lib/outlook/standing';

// The card's deletion sentence comes when the "sign-in is failing" notice does: the same grace
// (standing.ts), from the same record.

const GRACE = SIGN_IN_FIRST_NOTICE_MS;

describe('the deletion sentence waits as long as the notice', () => {
  it.each([
    [FAILED_AT + 60_000, false],
    [FAILED_AT + GRACE, false],
    [FAILED_AT + GRACE + 1, true],
  ])('at %i: %s', (now, shown) => {
    expect(
      signInFailingTooLong(snapshotWith({ keepAlive: failing({ kind: 'network' }) }), now),
    ).toBe(shown);
  });
});
