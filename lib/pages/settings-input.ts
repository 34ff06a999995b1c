import { mergeSettings, type SETTING_LIMITS, type Settings } from '@/lib/store/settings';
import { settingsFields } from '@/lib/input/form-schemas';
import type { MessageKey } from '@/lib/i18n/translate';

/** The settings form's number fields, with their label and unit. */
export const NUMBER_FIELDS: {
  key: keyof typeof SETTING_LIMITS;
  label: MessageKey;
  unit: MessageKey;
}[] = [
  { key: 'signInHours', label: 'settingSignInEvery', unit: 'unitHours' },
  { key: 'usageUpdateMinutes', label: 'settingUsageUpdateEvery', unit: 'unitMinutes' },
  { key: 'warningPercent', label: 'settingWarning', unit: 'unitPercent' },
  { key: 'criticalPercent', label: 'settingCritical', unit: 'unitPercent' },
];

/** The settings form's switches. */
export const SWITCHES: {
  key: 'notifyUsage' | 'notifySignIn' | 'notifyForecast';
  label: MessageKey;
}[] = [
  { key: 'notifyUsage', label: 'settingNotifyUsage' },
  { key: 'notifySignIn', label: 'settingNotifySignIn' },
  { key: 'notifyForecast', label: 'settingNotifyForecast' },
];

/** The settings form's values as typed: numbers as text, switches as booleans. */
export type SettingsInput = {
  [K in keyof Settings]: Settings[K] extends number ? string : boolean;
};

/** The form's starting values. */
export function settingsInput(settings: Settings): SettingsInput {
  return {
    signInHours: String(settings.signInHours),
    usageUpdateMinutes: String(settings.usageUpdateMinutes),
    warningPercent: String(settings.warningPercent),
    criticalPercent: String(settings.criticalPercent),
    notifyUsage: settings.notifyUsage,
    notifySignIn: settings.notifySignIn,
    notifyForecast: settings.notifyForecast,
  };
}

/** Applies what the user typed, checked with zod: each invalid field gets its own error key. */
export function applySettingsInput(current: Settings, input: SettingsInput) {
  const values = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' ? toNumber(value) : value,
    ]),
  );
  return mergeSettings(current, values, (key, value) => {
    const parsed = settingsFields[key].safeParse(value);
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'errorInvalid');
  });
}

function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * What a save of the form sends over `base`: the fields the user changed that are valid, and
 * each invalid field's error. A field left invalid is not sent, so the stored value stands.
 */
export function changedSettings(base: Settings, input: SettingsInput) {
  const { settings, errors } = applySettingsInput(base, input);
  const fields = Object.fromEntries(
    (Object.keys(settings) as (keyof Settings)[])
      .filter((key) => !(key in errors) && settings[key] !== base[key])
      .map((key) => [key, settings[key]]),
  ) as Partial<Settings>;
  return { fields, errors };
}
