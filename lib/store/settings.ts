/** Settings shared by every account. Intervals are whole hours/minutes, thresholds percent. */
export interface Settings {
  keepAliveHours: number;
  refreshMinutes: number;
  warningPercent: number;
  criticalPercent: number;
  notifyUsage: boolean;
  notifyKeepAlive: boolean;
  /** "Full in about N days" notices. */
  notifyForecast: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  keepAliveHours: 24,
  refreshMinutes: 30,
  warningPercent: 90,
  criticalPercent: 95,
  notifyUsage: true,
  notifyKeepAlive: true,
  notifyForecast: true,
};

/** Bounds of each number: a sign-in hourly to weekly; a usage update never under 5 minutes apart. */
export const SETTING_LIMITS = {
  keepAliveHours: { min: 1, max: 168 },
  refreshMinutes: { min: 5, max: 1440 },
  warningPercent: { min: 1, max: 99 },
  criticalPercent: { min: 2, max: 100 },
} as const;

/** The bands the two thresholds divide usage into (lib/outlook/usage-level.ts says which one a figure is in). */
export type UsageLevel = 'normal' | 'warning' | 'critical';

/** Says what is wrong with one setting's value (an i18n error key), or undefined if it is valid. */
type SettingCheck = (key: keyof Settings, value: unknown) => string | undefined;

/**
 * Takes each valid value over `current`; an invalid one keeps the current value and gets its
 * own error, so one wrong field never costs the others. A warning threshold not below the
 * critical one keeps both current values.
 */
export function mergeSettings(
  current: Settings,
  values: Partial<Record<keyof Settings, unknown>>,
  check: SettingCheck,
): { settings: Settings; errors: Partial<Record<keyof Settings, string>> } {
  const settings = { ...current };
  const errors: Partial<Record<keyof Settings, string>> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const error = check(key, values[key]);
    if (error) errors[key] = error;
    else Object.assign(settings, { [key]: values[key] });
  }
  if (settings.warningPercent >= settings.criticalPercent) {
    errors.criticalPercent ??= 'errorWarningBelowCritical';
    settings.warningPercent = current.warningPercent;
    settings.criticalPercent = current.criticalPercent;
  }
  return { settings, errors };
}
