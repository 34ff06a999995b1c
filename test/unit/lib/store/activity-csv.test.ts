import { describe, expect, it } from 'vitest';
import { activityCsv } from '@/lib/store/activity-csv';
import { MINUTE_MS as MINUTE } from '@/lib/basics/time';
import { signIn, usage } from '../../helpers/activity-entries';

const NOW = Date.UTC(2026, 10, 2, 6, 0);

describe('the activity log as CSV', () => {
  it('has one row per entry: ISO time, check, trigger, outcome', () => {
    expect(
      activityCsv([signIn(NOW, 'ok', 'start'), usage(NOW + MINUTE, 'rate-limited', 'retry')]),
    ).toBe(
      'time,check,trigger,outcome\r\n2026-11-02T06:00:00.000Z,sign-in,start,ok\r\n2026-11-02T06:01:00.000Z,usage-update,retry,rate-limited\r\n',
    );
    expect(activityCsv([])).toBe('time,check,trigger,outcome\r\n');
  });
});
