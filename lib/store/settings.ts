import { STORED_SETTING_NAMES } from './stored-names';

/**
 * Settings shared by every account, in the product's words. Intervals are whole hours/minutes,
 * thresholds percent. Stored (and in an export file) under the names the first release gave
 * them: StoredSettings, read by settingsValues and written by storedSettings.
 */
export interface Settings {
  signInHours: number;
  usageUpdateMinutes: number;
  warningPercent: number;
  criticalPercent: number;
  notifyUsage: boolean;
  notifySignIn: boolean;
  /** "Full in about N days" notices. */
  notifyForecast: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  signInHours: 24,
  usageUpdateMinutes: 30,
  warningPercent: 90,
  criticalPercent: 95,
  notifyUsage: true,
  notifySignIn: true,
  notifyForecast: true,
};

type Renamed = typeof STORED_SETTING_NAMES;

/** A setting's name as stored. */
type StoredSettingName<K extends keyof Settings> = K extends keyof Renamed ? Renamed[K] : K;

/** The settings as stored: each field under its stored name. */
export type StoredSettings = { [K in keyof Settings as StoredSettingName<K>]: Settings[K] };

const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];
const storedName = (key: keyof Settings): string =>
  (STORED_SETTING_NAMES as Partial<Record<keyof Settings, string>>)[key] ?? key;

/** The settings' fields of a stored value (or an export file's), under the product's names; other fields are left out. */
export const settingsValues = (
  stored: Record<string, unknown>,
): Partial<Record<keyof Settings, unknown>> =>
  Object.fromEntries(
    SETTING_KEYS.filter((key) => storedName(key) in stored).map((key) => [
      key,
      stored[storedName(key)],
    ]),
  );

/** The settings to store (or to export) under their stored names, over `stored`: the fields this version does not know are kept. */
export const storedSettings = (
  settings: Settings,
  stored: Record<string, unknown> = {},
): StoredSettings =>
  ({
    ...stored,
    ...Object.fromEntries(SETTING_KEYS.map((key) => [storedName(key), settings[key]])),
  }) as StoredSettings;

/** Bounds of each number: a sign-in hourly to weekly; a usage update never under 5 minutes apart. */
export const SETTING_LIMITS = {
  signInHours: { min: 1, max: 168 },
  usageUpdateMinutes: { min: 5, max: 1440 },
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
