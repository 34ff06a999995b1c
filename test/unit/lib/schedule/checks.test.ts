import { describe, expect, it } from 'vitest';
import { checkInterval, CHECKS } from '@/lib/schedule/checks';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

describe('the two checks', () => {
  it('run the sign-in before the usage update (which goes on from the node the sign-in names)', () => {
    expect(CHECKS).toEqual(['signIn', 'usageUpdate']);
  });

  it('each run as often as its setting says: the sign-in in hours, the usage update in minutes', () => {
    const settings = { ...DEFAULT_SETTINGS, signInHours: 6, usageUpdateMinutes: 15 };
    expect(checkInterval(settings, 'signIn')).toBe(6 * HOUR);
    expect(checkInterval(settings, 'usageUpdate')).toBe(15 * MINUTE);
  });
});
