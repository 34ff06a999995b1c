import type { Settings } from './settings';
import { settingsFields } from './validation';

/** The settings form's values as typed: numbers as text, switches as booleans. */
export type SettingsInput = { [K in keyof Settings]: Settings[K] extends number ? string : boolean };

/** The form's starting values. */
export function settingsInput(settings: Settings): SettingsInput {
  return {
    keepAliveHours: String(settings.keepAliveHours),
    refreshMinutes: String(settings.refreshMinutes),
    warningPercent: String(settings.warningPercent),
    criticalPercent: String(settings.criticalPercent),
    notifyUsage: settings.notifyUsage,
    notifyKeepAlive: settings.notifyKeepAlive,
  };
}

/**
 * Takes each valid value over `current`; an invalid one keeps the current value and gets its
 * own error (an i18n key), so one wrong field never costs the others. Serves the form (text)
 * and reading storage (possibly corrupt values) alike.
 */
export function mergeSettings(
  current: Settings,
  values: Partial<Record<keyof Settings, unknown>>,
): { settings: Settings; errors: Partial<Record<keyof Settings, string>> } {
  const settings = { ...current };
  const errors: Partial<Record<keyof Settings, string>> = {};
  for (const key of Object.keys(settingsFields) as (keyof Settings)[]) {
    const raw = values[key];
    const parsed = settingsFields[key].safeParse(typeof raw === 'string' ? toNumber(raw) : raw);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    else errors[key] = parsed.error.issues[0]?.message ?? 'errorInvalid';
  }
  if (settings.warningPercent >= settings.criticalPercent) {
    errors.criticalPercent ??= 'errorWarningBelowCritical';
    settings.warningPercent = current.warningPercent;
    settings.criticalPercent = current.criticalPercent;
  }
  return { settings, errors };
}

function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
