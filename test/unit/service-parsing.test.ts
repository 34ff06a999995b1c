import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { originPattern } from '@/lib/permissions';
import { basicAuth, readBody } from '@/lib/service-api';
import { parseRetryAfter } from '@/lib/retry-after';
import { parseCapacityResponse, parseUserResponse } from '@/lib/service-schemas';
import { parseServiceTime } from '@/lib/service-time';

import type { Result } from '@/lib/failures';

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

describe('request details', () => {
  it('encodes Basic credentials as UTF-8', () => {
    expect(basicAuth('ユーザー', 'pä:ss')).toBe(`Basic ${Buffer.from('ユーザー:pä:ss', 'utf8').toString('base64')}`);
  });

  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Sat, 21 Nov 2026 00:02:00 GMT', 120_000],
    ['Fri, 20 Nov 2026 00:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('reads Retry-After %j', (value, expected) => {
    expect(parseRetryAfter(value, Date.UTC(2026, 10, 21, 0, 0, 0))).toBe(expected);
  });

  it('asks for the host of an origin, whatever its port', () => {
    expect(originPattern('http://127.0.0.1:4567')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://api.teracloud.jp')).toBe('https://api.teracloud.jp/*');
  });
});
