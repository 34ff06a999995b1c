import { mergeSettings, type Settings } from '@/lib/store/settings';
import { settingsFields } from '@/lib/input/form-schemas';

/** The settings form's values as typed: numbers as text, switches as booleans. */
export type SettingsInput = {
  [K in keyof Settings]: Settings[K] extends number ? string : boolean;
};

/** The form's starting values. */
export function settingsInput(settings: Settings): SettingsInput {
  return {
    keepAliveHours: String(settings.keepAliveHours),
    refreshMinutes: String(settings.refreshMinutes),
    warningPercent: String(settings.warningPercent),
    criticalPercent: String(settings.criticalPercent),
    notifyUsage: settings.notifyUsage,
    notifyKeepAlive: settings.notifyKeepAlive,
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
