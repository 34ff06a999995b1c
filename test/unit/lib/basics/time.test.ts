import { describe, expect, it } from 'vitest';
import { dayOf } from '@/lib/basics/time';
import { historyCsv } from '@/lib/store/history-csv';

describe('days', () => {
  it('are local calendar days: just after midnight in Tokyo is the next day there, not the UTC one', () => {
    const tz = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo';
      const afterMidnightInTokyo = Date.UTC(2026, 10, 21, 15, 30); // Nov 22, 00:30 in Tokyo
      expect(dayOf(afterMidnightInTokyo)).toBe(dayOf(Date.UTC(2026, 10, 21, 12)) + 1);
      expect(historyCsv([[dayOf(afterMidnightInTokyo), 1, 2]])).toBe(
        'date,used_bytes,quota_bytes\r\n2026-11-22,1,2\r\n',
      );
      process.env.TZ = 'America/New_York';
      const lateEveningInNewYork = Date.UTC(2026, 10, 22, 4, 30); // Nov 21, 23:30 in New York
      expect(historyCsv([[dayOf(lateEveningInNewYork), 1, 2]])).toBe(
        'date,used_bytes,quota_bytes\r\n2026-11-21,1,2\r\n',
      );
    } finally {
      process.env.TZ = tz;
    }
  });
});
