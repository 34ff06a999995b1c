import * as z from 'zod/mini';
import { isObject } from '../basics/guards';
import { accountIdentity, type Account } from '../store/accounts';
import { settingsValues, storedSettings, type Settings } from '../store/settings';
import { withFileSettings } from '../store/import-plan';
import { accountFields, headerSafeKey, settingsFields } from './form-schemas';

// "Settings you can take with you": the exported file, and what importing one would change.
// The format is documented in docs/design.md (Export file); messages are i18n keys, as in lib/input/form-schemas.ts.

const EXPORT_FILE_FORMAT = 'storage-keeper-settings';
const EXPORT_FILE_VERSION = 1;
/** Far more than any list of accounts a person keeps: a bigger file is not one of ours. */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * The file: the accounts without their ids (and, unless asked, without secrets), and the settings.
 * An account that uses the build's application key names it only by `keySource`: the key itself
 * is never stored, so never exported.
 */
export function exportFile(
  accounts: readonly Account[],
  settings: Settings,
  withSecrets: boolean,
  now: number,
) {
  return {
    format: EXPORT_FILE_FORMAT,
    version: EXPORT_FILE_VERSION,
    exported: new Date(now).toISOString(),
    secrets: withSecrets,
    settings: storedSettings(settings),
    accounts: accounts.map(({ id: _id, password, apiKey, ...account }) =>
      withSecrets
        ? { ...account, password, ...(account.keySource !== 'app' && { apiKey }) }
        : account,
    ),
  };
}

// Only the server and the user ID are required of an account; the rest takes its default, or
// (updating an account) keeps what is stored. Unknown fields are ignored.
const fileSchema = z.object({
  accounts: z.array(
    z
      .object({
        baseUrl: accountFields.baseUrl,
        userId: accountFields.userId,
        label: z.optional(accountFields.label),
        password: z.optional(accountFields.password),
        apiKey: z.optional(accountFields.apiKey),
        keyForm: z.optional(accountFields.keyForm),
        keySource: z.optional(accountFields.keySource),
        notifications: z.optional(accountFields.notifications),
      })
      .check(headerSafeKey),
  ),
  // Each setting on its own (z.partial would cost the Settings page a kilobyte).
  settings: z.optional(
    z.object(
      Object.fromEntries(
        Object.entries(settingsFields).map(([key, field]) => [key, z.optional(field)]),
      ) as OptionalSettings,
    ),
  ),
});
type OptionalSettings = {
  [K in keyof typeof settingsFields]: z.ZodMiniOptional<(typeof settingsFields)[K]>;
};

export type ExportFile = z.infer<typeof fileSchema>;

/** Where in the file a problem is: the accounts (one of them, from 1) or the settings, and the field. */
interface FileProblem {
  section: 'accounts' | 'settings';
  account?: number;
  field?: string;
  /** An i18n key. */
  message: string;
}

export type ParsedFile =
  | { ok: true; file: ExportFile }
  | { ok: false; error: 'too-large' | 'not-json' | 'foreign' }
  | { ok: false; error: 'newer'; version: number }
  | { ok: false; error: 'invalid'; problems: FileProblem[] };

/** Reads an export file's text: the file, or what is wrong with it, as a person can act on it. */
export function parseExportFile(text: string, current: Settings): ParsedFile {
  if (text.length > MAX_FILE_BYTES) return { ok: false, error: 'too-large' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not-json' };
  }
  const { format, version } = isObject(json) ? json : {};
  if (format !== EXPORT_FILE_FORMAT || !Number.isInteger(version) || (version as number) < 1)
    return { ok: false, error: 'foreign' };
  if ((version as number) > EXPORT_FILE_VERSION)
    return { ok: false, error: 'newer', version: version as number };
  // The file's settings go by their stored names (storedSettings): read into the product's here.
  const parsed = fileSchema.safeParse(
    isObject(json) && isObject(json.settings)
      ? { ...json, settings: settingsValues(json.settings) }
      : json,
  );
  const problems: FileProblem[] = parsed.success
    ? []
    : parsed.error.issues.map(({ path, message }) => ({
        section: path[0] === 'settings' ? 'settings' : 'accounts',
        ...(typeof path[1] === 'number' && { account: path[1] + 1 }),
        ...(typeof path.at(-1) === 'string' && path.length > 1 && { field: path.at(-1) as string }),
        message: message.startsWith('error') ? message : 'errorInvalid',
      }));
  if (!parsed.success) return { ok: false, error: 'invalid', problems };
  const { accounts, settings } = parsed.data;
  accounts.forEach((account, i) => {
    if (accounts.findIndex((other) => accountIdentity(other) === accountIdentity(account)) < i) {
      problems.push({ section: 'accounts', account: i + 1, message: 'errorDuplicateAccount' });
    }
  });
  for (const [field, message] of Object.entries(withFileSettings(current, settings).errors)) {
    problems.push({ section: 'settings', field, message });
  }
  return problems.length > 0
    ? { ok: false, error: 'invalid', problems }
    : { ok: true, file: parsed.data };
}
