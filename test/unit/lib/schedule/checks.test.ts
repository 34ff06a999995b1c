import { describe, expect, it } from 'vitest';
import { taskInterval, TASKS } from '@/lib/schedule/checks';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

describe('the two checks', () => {
  it('run the sign-in before the usage update (which goes on from the node the sign-in names)', () => {
    expect(TASKS).toEqual(['keepAlive', 'refresh']);
  });

  it('each run as often as its setting says: the sign-in in hours, the usage update in minutes', () => {
    const settings = { ...DEFAULT_SETTINGS, keepAliveHours: 6, refreshMinutes: 15 };
    expect(taskInterval(settings, 'keepAlive')).toBe(6 * HOUR);
    expect(taskInterval(settings, 'refresh')).toBe(15 * MINUTE);
  });
});
