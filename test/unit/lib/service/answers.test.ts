import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBody } from '@/lib/service/client';
import { parseRetryAfter } from '@/lib/service/retry-after';
import { nodeOrigin } from '@/lib/service/addresses';
import { MAX_TEXT_LENGTH, parseCapacityResponse, parseUserResponse } from '@/lib/service/answers';
import { parseServiceTime } from '@/lib/service/timestamps';

import type { Result } from '@/lib/service/failures';

const parsers: Record<string, (body: unknown) => Result<unknown>> = { user: parseUserResponse, capacity: parseCapacityResponse };

describe.each(Object.entries(parsers))('%s response parser', (_name, parse) => {
  it('turns any JSON value into a value or an invalid-response/service-error failure, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = readBody(JSON.stringify(value), parse);
        if (!result.ok) expect(['invalid-response', 'service-error']).toContain(result.failure.kind);
      }),
      { numRuns: 500 },
    );
  });

  it('survives any text at all', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = readBody(text, parse);
        if (!result.ok) expect(['invalid-response', 'service-error']).toContain(result.failure.kind);
      }),
      { numRuns: 500 },
    );
  });

  it('survives objects shaped almost like the real answer', () => {
    const almost = fc.record({
      result: fc.oneof(fc.constant(0), fc.integer(), fc.string()),
      dataset: fc.anything(),
      user: fc.anything(),
      node: fc.oneof(fc.domain(), fc.string()),
      api_key: fc.anything(),
    }, { requiredKeys: [] });
    fc.assert(fc.property(almost, (value) => {
      const result = readBody(JSON.stringify(value), parse);
      expect(result.ok || ['invalid-response', 'service-error'].includes(result.failure.kind)).toBe(true);
    }));
  });
});

describe('parseServiceTime', () => {
  it.each([
    ['2026-11-21 09:00:00.0', Date.UTC(2026, 10, 21, 0, 0, 0)],
    ['2026-01-01 00:00:00.5', Date.UTC(2025, 11, 31, 15, 0, 0, 500)],
    ['2024-02-29 23:59:59', Date.UTC(2024, 1, 29, 14, 59, 59)],
  ])('reads %s as Japan time', (raw, epochMs) => {
    expect(parseServiceTime(raw)).toEqual({ epochMs, raw });
  });

  it.each(['', 'soon', '2026-13-01 00:00:00.0', '2023-02-29 00:00:00.0', '2026-11-21T09:00:00Z', '2026-11-21 25:00:00.0'])(
    'keeps %j as raw text only',
    (raw) => expect(parseServiceTime(raw)).toEqual({ epochMs: null, raw }),
  );
});

describe('descriptive text in an answer', () => {
  /** The user name as read from a getUser answer holding it. */
  const userNameRead = (user: string) => {
    const result = parseUserResponse({ result: 0, node: 'node.example', user });
    return result.ok ? result.value.user : undefined;
  };

  it('is kept when short and cut to the kept length when long', () => {
    expect(userNameRead('short')).toBe('short');
    expect(userNameRead('z'.repeat(MAX_TEXT_LENGTH + 1))).toBe('z'.repeat(MAX_TEXT_LENGTH));
  });

  it('is never cut in the middle of a character', () => {
    // '𝄞a' is three UTF-16 units: the cut at 1,000 falls inside a surrogate pair.
    const cut = userNameRead('𝄞a'.repeat(400))!;
    expect(cut.length).toBe(MAX_TEXT_LENGTH - 1);
    expect(cut.isWellFormed()).toBe(true);
  });
});

describe('request details', () => {
  // Basic credentials in UTF-8: test/unit/service-api.test.ts signs in to the simulator with them.
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

  it.each([
    ['https://api.teracloud.jp', 'nanao.teracloud.jp', 'https://nanao.teracloud.jp'],
    ['https://api.example:8443', 'Node.Example:8443', 'https://node.example:8443'],
    ['http://127.0.0.1:4567', 'localhost:4568', 'http://localhost:4568'],
  ])('takes the node origin\'s scheme from the base URL %s', (baseUrl, node, origin) => {
    expect(nodeOrigin(baseUrl, node)).toEqual({ ok: true, value: origin });
  });
});
