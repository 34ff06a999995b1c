import { ACCOUNT_DEFAULTS, accountIdentity, defaultKeyForm, type Account } from './accounts';
import { revisionOf } from './revision';
import { mergeSettings, type Settings } from './settings';

// An import planned over what is stored: what the file brings, what it would add, update and
// leave alone, and the basis a preview names (the background plans it again over what is stored
// when it runs, lib/store/writes.ts, and refuses it when that basis changed).

/** An account as an export file brings it: only the server and the user ID are sure. */
export interface ImportedAccount {
  baseUrl: string;
  userId: string;
  label?: string;
  password?: string;
  apiKey?: string;
  keyForm?: Account['keyForm'];
  keySource?: Account['keySource'];
  notifications?: boolean;
}

/** What an import brings (lib/input/export-file.ts reads it from the file and checks it). */
export interface ImportedFile {
  accounts: ImportedAccount[];
  settings?: Partial<Settings>;
}

/** What an import would do: accounts to add, to update (same server and user ID), to leave alone; the settings. */
export interface ImportPlan {
  added: Account[];
  updated: Account[];
  leftAlone: Account[];
  /** The settings after the import, when the file changes them. */
  settings?: Settings;
}

/** The settings with the file's over them (each already valid; the two thresholds checked together). */
export function withFileSettings(current: Settings, values: Partial<Settings> = {}) {
  return mergeSettings(current, { ...current, ...values }, () => undefined);
}

/** The stored account each of the file's accounts would update (undefined: it would be added). */
const matched = (file: ImportedFile, accounts: readonly Account[]) =>
  file.accounts.map((entry) =>
    accounts.find((account) => accountIdentity(account) === accountIdentity(entry)),
  );

/**
 * The revision of what an import's plan depends on: each stored account it would update (or that
 * none is there) and, when it brings settings, the stored settings. A preview names it; the
 * background plans the import again and refuses it when this changed meanwhile.
 */
export function importBasis(
  file: ImportedFile,
  accounts: readonly Account[],
  settings: Settings,
): string {
  return revisionOf({
    accounts: matched(file, accounts).map((account) => account ?? null),
    settings: file.settings ? settings : null,
  });
}

/**
 * Plans an import over the stored accounts. Nothing is removed. An account the file brings
 * without its apps password or API key is added without them (it sends nothing until they are
 * entered); an updated one keeps the secrets it has unless the file brings new ones. Pure.
 */
export function planImport(
  file: ImportedFile,
  accounts: readonly Account[],
  settings: Settings,
  newId: () => string,
): ImportPlan {
  const plan: ImportPlan = { added: [], updated: [], leftAlone: [] };
  const storedOnes = matched(file, accounts);
  file.accounts.forEach((entry, i) => {
    const stored = storedOnes[i];
    const fields = {
      label: entry.label ?? stored?.label ?? ACCOUNT_DEFAULTS.label,
      password: entry.password ?? stored?.password ?? '',
      apiKey: entry.apiKey ?? stored?.apiKey ?? '',
      keyForm: entry.keyForm ?? stored?.keyForm ?? defaultKeyForm(entry.baseUrl),
      notifications: entry.notifications ?? stored?.notifications ?? ACCOUNT_DEFAULTS.notifications,
    };
    // A file from before keys could come from the build says nothing: the account keeps its own.
    const keySource = entry.keySource ?? stored?.keySource;
    if (keySource) Object.assign(fields, { keySource });
    const account: Account = stored
      ? { ...stored, ...fields }
      : { id: newId(), baseUrl: entry.baseUrl, userId: entry.userId, ...fields };
    if (!stored) plan.added.push(account);
    else if (revisionOf(account) !== revisionOf(stored)) plan.updated.push(account);
  });
  plan.leftAlone = accounts.filter(
    (account) => !plan.updated.some((updated) => updated.id === account.id),
  );
  const merged = withFileSettings(settings, file.settings).settings;
  if (revisionOf(merged) !== revisionOf(settings)) plan.settings = merged;
  return plan;
}
