import * as z from 'zod/mini';
import { isAllowedServerUrl } from '../service/addresses';
import { isHeaderSafe } from '../service/header-value';
import { KEY_FORMS } from '../service/client';
import { SETTING_LIMITS } from '../store/settings';

// Messages are i18n keys: the pages translate them, so this module stays free of UI text.
// Only refine/overwrite checks: each kind of zod check costs bytes in the Settings page.

const whole = ({ min, max }: { min: number; max: number }) =>
  z.number('errorWholeNumber').check(
    z.refine(Number.isInteger, 'errorWholeNumber'),
    z.refine((n) => n >= min && n <= max, 'errorOutOfRange'),
  );

/** The settings form, field by field. */
export const settingsFields = {
  signInHours: whole(SETTING_LIMITS.signInHours),
  usageUpdateMinutes: whole(SETTING_LIMITS.usageUpdateMinutes),
  warningPercent: whole(SETTING_LIMITS.warningPercent),
  criticalPercent: whole(SETTING_LIMITS.criticalPercent),
  notifyUsage: z.boolean(),
  notifySignIn: z.boolean(),
  notifyForecast: z.boolean(),
};

/** Text with surrounding spaces removed (pasted keys often carry some), checked by `ok`. */
const text = (ok: (value: string) => boolean, message: string) =>
  z.string().check(
    z.overwrite((value) => value.trim()),
    z.refine(ok, message),
  );
const required = text((value) => value !== '', 'errorRequired');

/** An account's fields, as the Settings page and an export file (lib/input/export-file.ts) give them. */
export const accountFields = {
  label: text((value) => value.length <= 60, 'errorTooLong'),
  baseUrl: text((value) => isAllowedServerUrl(value), 'errorServerUrl'),
  userId: required,
  // An apps password is kept exactly as typed: spaces may belong to it.
  password: z.string().check(z.refine((value) => value !== '', 'errorRequired')),
  apiKey: required,
  keyForm: z.literal([...KEY_FORMS]),
  keySource: z.literal(['app', 'own']),
  notifications: z.boolean(),
};

type KeyFields = { keyForm?: string; apiKey?: string; keySource?: string };

/** An own key in the header form must be one a header can carry (the application key is the publisher's). */
export const headerSafeKey = z.refine<KeyFields>(
  (account) =>
    account.keyForm === 'matrix' ||
    account.keySource === 'app' ||
    isHeaderSafe(account.apiKey ?? ''),
  { message: 'errorApiKeyHeader', path: ['apiKey'] },
);

/** An account as typed in the Settings page: a key of its own is required unless it uses the application key. */
export const accountDraftSchema = z
  .object({ ...accountFields, apiKey: text(() => true, 'errorInvalid') })
  .check(
    headerSafeKey,
    z.refine((account) => account.keySource === 'app' || account.apiKey !== '', {
      message: 'errorRequired',
      path: ['apiKey'],
    }),
    // An account that uses the application key keeps no key of its own (not even one typed and then unchosen).
    z.overwrite((account) => (account.keySource === 'app' ? { ...account, apiKey: '' } : account)),
  );

export type AccountDraft = z.infer<typeof accountDraftSchema>;

/** Each field's first error, an i18n key, for showing beside the field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const { fieldErrors: byField } = z.flattenError(error);
  return Object.fromEntries(
    Object.entries(byField as Record<string, string[] | undefined>).map(
      ([field, [first = ''] = []]) => [field, first.startsWith('error') ? first : 'errorInvalid'],
    ),
  );
}
