import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '@/lib/service/retry-after';

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Sat, 21 Nov 2026 00:02:00 GMT', 120_000],
    ['Fri, 20 Nov 2026 00:00:00 GMT', 0],
    ['0', 0],
    ['63072000', 63_072_000_000],
    ['Saturday, 21-Nov-26 00:02:00 GMT', 120_000],
    ['Sat Nov 21 00:02:00 2026', 120_000],
    ['Sat Nov  1 00:00:00 2026', 0],
    ['Fri, 31 Dec 9999 23:59:59 GMT', Date.UTC(9999, 11, 31, 23, 59, 59) - Date.UTC(2026, 10, 21)],
    ['soon', undefined],
    [null, undefined],
    ['', undefined],
    ['99999999999999999999', undefined],
    ['9007199254741', undefined],
    ['-5', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['12.5', undefined],
    ['120 seconds', undefined],
    ['0x10', undefined],
    ['Sat, 21 Foo 2026 00:02:00 GMT', undefined],
    ['2026-11-21T00:02:00Z', undefined],
    ['Sat, 21 Nov 2026 00:02:00 +0900', undefined],
  ])('reads Retry-After %j', (value, expected) => {
    expect(parseRetryAfter(value, Date.UTC(2026, 10, 21, 0, 0, 0))).toBe(expected);
  });
});
