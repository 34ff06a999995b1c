import { describe, expect, it } from 'vitest';
import { usageAlert } from './usage-level';
import type { UsageLevel } from '../store/settings';

// Warning from 90 %, critical from 95 %, judged by the figure shown (one decimal below 10 %, none above).
const SETTINGS = { warningPercent: 90, criticalPercent: 95 };

describe('usageAlert', () => {
  // [why, level already told, percent, notify, level now on record]
  it.each<[string, UsageLevel, number, UsageLevel | undefined, UsageLevel]>([
    ['calm stays calm', 'normal', 50, undefined, 'normal'],
    ['crossing into warning is told', 'normal', 90, 'warning', 'warning'],
    ['89.5 % shows as 90 %: told as a warning', 'normal', 89.5, 'warning', 'warning'],
    ['89.4 % shows as 89 %: calm', 'normal', 89.4, undefined, 'normal'],
    ['straight to critical is told as critical', 'normal', 97, 'critical', 'critical'],
    ['warning to critical is told again', 'warning', 95, 'critical', 'critical'],
    ['a warning already told is not told again', 'warning', 92, undefined, 'warning'],
    ['critical already told: nothing, and no step down while still high', 'critical', 96, undefined, 'critical'],
    ['critical told, falling to warning: nothing told', 'critical', 91, undefined, 'warning'],
    // Re-armed only once usage is 2 points below the threshold (as shown), so hovering does not nag.
    ['just under the warning: not re-armed', 'warning', 89, undefined, 'warning'],
    ['under the warning by less than the margin: not re-armed', 'warning', 88.4, undefined, 'warning'],
    ['under the warning by the margin: re-armed', 'warning', 87.4, undefined, 'normal'],
    ['under the critical by less than the margin: stays critical', 'critical', 93.4, undefined, 'critical'],
    ['under the critical by the margin: back to warning', 'critical', 92.4, undefined, 'warning'],
    ['far below both: re-armed to calm', 'critical', 40, undefined, 'normal'],
  ])('%s', (_why, told, percent, notify, notified) => {
    expect(usageAlert(told, percent, SETTINGS)).toEqual({ ...(notify && { notify }), notified });
  });
});
