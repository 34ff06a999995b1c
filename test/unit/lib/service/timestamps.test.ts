import { describe, expect, it } from 'vitest';
import { parseServiceTime } from '@/lib/service/timestamps';

describe('parseServiceTime', () => {
  it.each([
    ['2026-11-21 09:00:00.0', Date.UTC(2026, 10, 21, 0, 0, 0)],
    ['2026-01-01 00:00:00.5', Date.UTC(2025, 11, 31, 15, 0, 0, 500)],
    ['2024-02-29 23:59:59', Date.UTC(2024, 1, 29, 14, 59, 59)],
  ])('reads %s as Japan time', (raw, epochMs) => {
    expect(parseServiceTime(raw)).toEqual({ epochMs, raw });
  });

  it.each([
    '',
    'soon',
    '2026-13-01 00:00:00.0',
    '2023-02-29 00:00:00.0',
    '2026-11-21T09:00:00Z',
    '2026-11-21 25:00:00.0',
  ])('keeps %j as raw text only', (raw) =>
    expect(parseServiceTime(raw)).toEqual({ epochMs: null, raw }),
  );
});
