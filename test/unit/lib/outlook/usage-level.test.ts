import { describe, expect, it } from 'vitest';
import { REARM_MARGIN, usageAlert } from '@/lib/outlook/usage-level';
import type { UsageLevel } from '@/lib/store/settings';

// Warning from 90 %, critical from 95 %, judged by the figure shown (one decimal below 10 %, none above).
const SETTINGS = { warningPercent: 90, criticalPercent: 95 };
/** Just above and just below the margin under a threshold, as the figure is shown (whole percents here). */
const inMargin = (threshold: number) => threshold - REARM_MARGIN + 0.4;
const pastMargin = (threshold: number) => threshold - REARM_MARGIN - 0.6;

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
    [
      'critical already told: nothing, and no step down while still high',
      'critical',
      96,
      undefined,
      'critical',
    ],
    ['critical told, falling to warning: nothing told', 'critical', 91, undefined, 'warning'],
    // Re-armed only once usage is REARM_MARGIN points below the threshold (as shown), so hovering does not nag.
    ['just under the warning: not re-armed', 'warning', 89, undefined, 'warning'],
    [
      'under the warning by less than the margin: not re-armed',
      'warning',
      inMargin(90),
      undefined,
      'warning',
    ],
    ['under the warning by the margin: re-armed', 'warning', pastMargin(90), undefined, 'normal'],
    [
      'under the critical by less than the margin: stays critical',
      'critical',
      inMargin(95),
      undefined,
      'critical',
    ],
    [
      'under the critical by the margin: back to warning',
      'critical',
      pastMargin(95),
      undefined,
      'warning',
    ],
    ['far below both: re-armed to calm', 'critical', 40, undefined, 'normal'],
  ])('%s', (_why, told, percent, notify, notified) => {
    expect(usageAlert(told, percent, SETTINGS)).toEqual({ ...(notify && { notify }), notified });
  });
});

describe('usageAlert over time: a quota wobbling around a threshold', () => {
  // The notices each reading would bring, from calm. Written out in percents, not from
  // REARM_MARGIN: a margin lowered from 2 points must fail here.
  const told = (readings: number[]) => {
    let notified: UsageLevel = 'normal';
    return readings.flatMap((percent) => {
      const alert = usageAlert(notified, percent, SETTINGS);
      notified = alert.notified;
      return alert.notify ? [`${percent}: ${alert.notify}`] : [];
    });
  };

  it('90 % and 88 % (shown) by turns: one warning, not one at every crossing', () => {
    expect(told([90, 88.4, 90, 88.4, 90.2, 88.4, 90])).toEqual(['90: warning']);
  });

  it('falling to 87 % (shown, 2 points under) re-arms: the next crossing is told again', () => {
    expect(told([90, 87.4, 90])).toEqual(['90: warning', '90: warning']);
  });

  it('95 % and 93 % (shown) by turns: one critical notice', () => {
    expect(told([95, 93.4, 95, 93.4, 95])).toEqual(['95: critical']);
  });
});
