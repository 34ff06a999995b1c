import type { Settings, UsageLevel } from '../store/settings';
import type { DatasetCapacity } from '../service/answers';
import { shownPercent } from '../i18n/format';

/** Percentage points usage must fall below a threshold before it can notify again. */
export const REARM_MARGIN = 2;

const RANK: Record<UsageLevel, number> = { normal: 0, warning: 1, critical: 2 };

/** Used as a percentage of quota; undefined when the quota is zero. */
export function usagePercent({ quota, used }: DatasetCapacity): number | undefined {
  return quota > 0 ? (used / quota) * 100 : undefined;
}

/** Which band a percentage falls in, judged by the figure shown, so "90 %" is never in the calm colour. */
export function usageLevel(
  percent: number,
  settings: Pick<Settings, 'warningPercent' | 'criticalPercent'>,
): UsageLevel {
  const shown = shownPercent(percent);
  if (shown >= settings.criticalPercent) return 'critical';
  if (shown >= settings.warningPercent) return 'warning';
  return 'normal';
}

/**
 * Decides a usage notification: once per rising crossing, re-armed only after usage falls
 * back below the threshold by the margin, so a quota hovering at 90 % does not notify at
 * every usage update.
 */
export function usageAlert(
  notified: UsageLevel,
  percent: number,
  settings: Pick<Settings, 'warningPercent' | 'criticalPercent'>,
): { notify?: Exclude<UsageLevel, 'normal'>; notified: UsageLevel } {
  const level = usageLevel(percent, settings);
  if (level !== 'normal' && RANK[level] > RANK[notified]) return { notify: level, notified: level };
  const rearmed = usageLevel(percent + REARM_MARGIN, settings);
  return { notified: RANK[rearmed] < RANK[notified] ? rearmed : notified };
}
