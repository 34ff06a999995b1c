import * as z from 'zod/mini';
import { isAllowedServerUrl } from './accounts';
import { SETTING_LIMITS } from './settings';

// Messages are i18n keys: the pages translate them, so this module stays free of UI text.

const whole = (limits: { min: number; max: number }) =>
  z.int('errorWholeNumber').check(z.gte(limits.min, 'errorOutOfRange'), z.lte(limits.max, 'errorOutOfRange'));

/** The settings form and the stored settings, field by field. */
export const settingsFields = {
  keepAliveHours: whole(SETTING_LIMITS.keepAliveHours),
  refreshMinutes: whole(SETTING_LIMITS.refreshMinutes),
  warningPercent: whole(SETTING_LIMITS.warningPercent),
  criticalPercent: whole(SETTING_LIMITS.criticalPercent),
  notifyUsage: z.boolean(),
  notifyKeepAlive: z.boolean(),
};

const required = z.string().check(z.trim(), z.minLength(1, 'errorRequired'));

/** An account as typed in the options page. */
export const accountDraftSchema = z.object({
  label: z.string().check(z.trim(), z.maxLength(60, 'errorTooLong')),
  baseUrl: z.string().check(z.trim(), z.refine(isAllowedServerUrl, 'errorServerUrl')),
  userId: required,
  password: z.string().check(z.minLength(1, 'errorRequired')),
  apiKey: required,
  keyForm: z.enum(['header', 'matrix']),
  notifications: z.boolean(),
});

export type AccountDraft = z.infer<typeof accountDraftSchema>;

/** An account as stored: it may lack credentials (that is its "not configured" state). */
export const storedAccountSchema = z.object({
  id: z.string().check(z.minLength(1)),
  label: z.string(),
  baseUrl: z.string(),
  userId: z.string(),
  password: z.string(),
  apiKey: z.string(),
  keyForm: z.enum(['header', 'matrix']),
  notifications: z.boolean(),
});

/** Each field's first error message key, for showing beside the field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message.startsWith('error') ? issue.message : 'errorInvalid';
  }
  return errors;
}
