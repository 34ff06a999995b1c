import { storage, type StorageItemKey, type WatchCallback } from '@wxt-dev/storage';
import { ACCOUNT_DEFAULTS, isStoredAccount, newAccountId, type Account } from './accounts';
import { readHistory, type AccountHistory } from './history';
import { LAST_TIME, unpackActivity, type AccountActivity } from './activity';
import { DEFAULT_SETTINGS, mergeSettings, SETTING_LIMITS, type Settings } from './settings';
import { isObject } from '../basics/guards';
import type { AccountSnapshot } from './account-state';
import { readSnapshot } from './account-state-reader';
import {
  ACCOUNTS_KEY,
  ACTIVITY_KEY,
  HISTORY_KEY,
  RECENT_HISTORY_KEY,
  SETTINGS_KEY,
  SETUP_OPENED_KEY,
  SNAPSHOTS_KEY,
  VERSION,
} from './stored-names';

// Every stored item, its migrations, and the reads that survive whatever is stored: another
// version's data, a damaged entry, a value that is no JSON we know. Keys and versions are in
// lib/store/stored-names.ts; changes go through lib/store/writes.ts. Everything lives in
// storage.local: credentials must never reach storage.sync. Items are typed `unknown` on
// purpose: what is stored is read through the guards below.

/**
 * A stored item, read and written by its key through @wxt-dev/storage. Not `storage.defineItem`:
 * a definition reads its item at once and throws the value away (it prepares `init`, which we do
 * not use), so a worker that defined every item read the whole history and activity log at each
 * wake, and a page read what it never shows. Versions are kept in the item's metadata
 * (`<key>$`), written with every change that needs one (lib/store/writes.ts).
 */
export interface StoredItem<T> {
  key: StorageItemKey;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  getMeta(): Promise<Record<string, unknown>>;
  setMeta(meta: Record<string, unknown>): Promise<void>;
  watch(callback: WatchCallback<T>): () => void;
}

const storedItem = <T>(key: StorageItemKey, fallback: T): StoredItem<T> => ({
  key,
  getValue: async () => (await storage.getItem<T>(key)) ?? fallback,
  setValue: (value) => storage.setItem(key, value),
  getMeta: () => storage.getMeta(key),
  // Written whole, not through storage.setMeta: that reads the stored metadata first to merge into
  // it, one more read at every write, and ours is only ever the version.
  setMeta: (meta) => storage.setItem(`${key}$`, meta),
  watch: (callback) =>
    storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback)),
});

/**
 * v1 → v2: the first draft kept one account as a single object. Only that shape becomes a
 * list; anything else (a list whose version marker was lost, junk) is left as it is, so a
 * migration never turns data into less data.
 */
function upgradeSingleAccount(old: unknown): unknown {
  if (
    !isObject(old) ||
    !['baseUrl', 'userId', 'password', 'apiKey'].every((key) => typeof old[key] === 'string')
  )
    return old;
  const { baseUrl, userId, password, apiKey } = old as Record<
    'baseUrl' | 'userId' | 'password' | 'apiKey',
    string
  >;
  return [{ ...ACCOUNT_DEFAULTS, id: newAccountId(), baseUrl, userId, password, apiKey }];
}

/** The accounts, credentials included (versioned here, not by @wxt-dev/storage: see accountsReady). */
export const accountsItem = /* @__PURE__ */ storedItem<unknown>(ACCOUNTS_KEY, []);

let migrated: Promise<void> | undefined;

/**
 * The stored accounts at this version, once per page or worker, before they are read or
 * written. A newer version's list is a state of its own (`locked`), not a failure:
 * @wxt-dev/storage's migrations would log it as an error at every start.
 */
export function accountsReady(read?: Promise<[unknown, unknown]>): Promise<void> {
  // By key, not through accountsItem, so the popup, which reads the accounts with everything else
  // (loadStore, which passes what it read as `read`), defines no item (a definition reads its item).
  migrated ??= (async () => {
    const [raw, meta] = await (read ?? readAccounts());
    if (raw === null || versionOf(meta) >= VERSION.accounts) return;
    await storage.setItem(ACCOUNTS_KEY, upgradeSingleAccount(raw));
    await storage.setMeta(ACCOUNTS_KEY, { v: VERSION.accounts });
  })().catch((error: unknown) =>
    console.error(
      'Storage Keeper: the stored accounts could not be upgraded; they are kept as they are',
      error,
    ),
  );
  return migrated;
}

/** The stored accounts and their metadata (`accounts$`), as they are. */
const readAccounts = async (): Promise<[unknown, unknown]> => {
  const [raw, meta] = await storage.getItems([ACCOUNTS_KEY, `${ACCOUNTS_KEY}$` as const]);
  return [raw?.value, meta?.value];
};

/** Settings shared by all accounts. */
export const settingsItem = /* @__PURE__ */ storedItem<unknown>(SETTINGS_KEY, {});

/**
 * What the background last learned about each account, by account id. A cache of what the
 * service said: on a downgrade it is read through its guards and rewritten, unlike the
 * user's own accounts and settings.
 */
export const snapshotsItem = /* @__PURE__ */ storedItem<unknown>(SNAPSHOTS_KEY, {});

/** Each account's usage history (lib/store/history.ts), by account id. */
export const historyItem = /* @__PURE__ */ storedItem<unknown>(HISTORY_KEY, {});

/** Its recent part (`recentPart`), written with it: what the popup and the background read. */
export const recentHistoryItem = /* @__PURE__ */ storedItem<unknown>(RECENT_HISTORY_KEY, null);

/** Each account's activity log (lib/store/activity.ts), by account id. */
export const activityItem = /* @__PURE__ */ storedItem<unknown>(ACTIVITY_KEY, {});

/**
 * That the setup was opened for this install (lib/extension/settings-page.ts). Chromium reports an
 * extension loaded from a folder (`--load-extension`) as installed again at every start; the
 * mark, stored with the extension's data, keeps that from reopening it, and goes with an
 * uninstall, so a new install opens it again.
 */
export const setupOpenedItem = /* @__PURE__ */ storedItem<boolean>(SETUP_OPENED_KEY, false);

/** Why a stored item may not be written: a newer version wrote it, or it is not a list at all. */
export type LockReason = 'newer-version' | 'not-a-list';

/** The version a stored item's metadata (`<key>$`) names: 1 when it names none. */
const versionOf = (meta: unknown): number =>
  isObject(meta) && typeof meta.v === 'number' ? meta.v : 1;

export async function storedVersion(item: StoredItem<unknown>): Promise<number> {
  return versionOf(await item.getMeta());
}

// ---- accounts ---------------------------------------------------------------------------

/** A stored entry that is not a valid account: kept in storage, shown so the user can decide. */
export interface DamagedEntry {
  /** Identifies the entry for removal (its JSON text). */
  key: string;
  /** Its name, where one can still be read. */
  name?: string;
}

interface StoredAccounts {
  accounts: Account[];
  damaged: DamagedEntry[];
  /** Set when the list must not be written (its entries are still read where possible). */
  locked?: LockReason;
}

export function damagedEntry(raw: unknown): DamagedEntry {
  const entry = isObject(raw) ? raw : {};
  const name = [entry.label, entry.userId, entry.id].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  return { key: JSON.stringify(raw) ?? String(raw), ...(name !== undefined && { name }) };
}

/** The stored accounts: valid ones to use, damaged ones to show, never dropped. */
export async function loadAccounts(): Promise<StoredAccounts> {
  await accountsReady();
  const [raw, version] = await Promise.all([accountsItem.getValue(), storedVersion(accountsItem)]);
  return accountsFrom(raw, version);
}

/** The valid accounts in a stored list, as a storage change gives it (loadAccounts reads the same ones). */
export const storedAccountsIn = (raw: unknown): Account[] =>
  accountsFrom(raw, VERSION.accounts).accounts;

/** The accounts as stored (`raw`, at `version`): valid ones to use, damaged ones to show. */
function accountsFrom(raw: unknown, version: number): StoredAccounts {
  const newer = version > VERSION.accounts ? { locked: 'newer-version' as const } : {};
  if (!Array.isArray(raw))
    return { accounts: [], damaged: [damagedEntry(raw)], locked: newer.locked ?? 'not-a-list' };
  const accounts: Account[] = [];
  const damaged: DamagedEntry[] = [];
  const ids = new Set<string>();
  for (const entry of raw) {
    if (isStoredAccount(entry) && !ids.has(entry.id)) {
      ids.add(entry.id);
      accounts.push(entry);
    } else {
      damaged.push(damagedEntry(entry));
    }
  }
  return { accounts, damaged, ...newer };
}

// ---- settings ---------------------------------------------------------------------------

function isStoredSetting(key: keyof Settings, value: unknown): boolean {
  if (!(key in SETTING_LIMITS)) return typeof value === 'boolean';
  const { min, max } = SETTING_LIMITS[key as keyof typeof SETTING_LIMITS];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** The stored settings; each invalid or missing field takes its default. */
export const loadSettings = async (): Promise<Settings> =>
  settingsFrom(await settingsItem.getValue());

function settingsFrom(raw: unknown): Settings {
  const values: Partial<Record<keyof Settings, unknown>> = isObject(raw) ? raw : {};
  return mergeSettings(DEFAULT_SETTINGS, values, (key, value) =>
    isStoredSetting(key, value) ? undefined : 'errorInvalid',
  ).settings;
}

// ---- snapshots --------------------------------------------------------------------------

/** The stored snapshots, each read through its guards (a damaged part starts over empty). */
export const loadSnapshots = async (): Promise<Record<string, AccountSnapshot>> =>
  snapshotsFrom(await snapshotsItem.getValue());

function snapshotsFrom(raw: unknown): Record<string, AccountSnapshot> {
  if (!isObject(raw)) return {};
  return Object.fromEntries(Object.entries(raw).map(([id, value]) => [id, readSnapshot(value)]));
}

// ---- history ----------------------------------------------------------------------------

/** Every account's recent history (RECENT_DAYS), by account id: far less to read than the whole. */
export const loadRecentHistory = async (): Promise<Record<string, AccountHistory>> =>
  recentOrWhole(await recentHistoryItem.getValue());

async function recentOrWhole(raw: unknown): Promise<Record<string, AccountHistory>> {
  // Histories recorded before the recent part was stored apart are read whole, until the next
  // reading: by key, not through historyItem, whose definition alone would read the whole history
  // at every popup open.
  return readHistories(raw === null ? await storage.getItem<unknown>(HISTORY_KEY) : raw);
}

/** A usage history as a page shows it: where it is stored, how to read that, and how to hear that it changed (returns how to stop). */
export interface HistorySource {
  key: `local:${string}`;
  read(raw: unknown): Promise<Record<string, AccountHistory>>;
  watch(changed: () => void): () => void;
}

/** The whole history: what the Settings page charts. */
export const wholeHistory: HistorySource = {
  key: HISTORY_KEY,
  read: (raw) => Promise.resolve(readHistories(raw)),
  watch: (changed) => storage.watch(HISTORY_KEY, changed),
};

/** The recent part, written with the whole at every reading: what the popup shows. */
export const recentHistory: HistorySource = {
  key: RECENT_HISTORY_KEY,
  read: recentOrWhole,
  watch: (changed) => storage.watch(RECENT_HISTORY_KEY, changed),
};

function readHistories(raw: unknown): Record<string, AccountHistory> {
  const entries = isObject(raw) ? Object.entries(raw) : [];
  return Object.fromEntries(
    entries.flatMap(([id, value]) => {
      const history = readHistory(value);
      return history ? [[id, history]] : [];
    }),
  );
}

// ---- activity log -----------------------------------------------------------------------

/** One account's stored activity log: the entries that can be read, oldest first. */
export function readActivity(value: unknown): AccountActivity | undefined {
  if (!isObject(value) || typeof value.identity !== 'string' || typeof value.entries !== 'string')
    return undefined;
  // A time no Date can hold (damaged storage) is left out, so the page and its CSV can still be made.
  return {
    identity: value.identity,
    entries: unpackActivity(value.entries).filter((entry) => entry.at <= LAST_TIME),
  };
}

/** Every account's activity log that can be read, by account id. Only the options page reads it. */
export async function loadActivity(): Promise<Record<string, AccountActivity>> {
  const raw = await activityItem.getValue();
  const entries = isObject(raw) ? Object.entries(raw) : [];
  return Object.fromEntries(
    entries.flatMap(([id, value]) => {
      const activity = readActivity(value);
      return activity ? [[id, activity]] : [];
    }),
  );
}

// ---- the whole store --------------------------------------------------------------------

/** What the pages should tell the user about stored data they cannot change (from the accounts, if the page has read them). */
export async function storageProblems(
  stored: Promise<StoredAccounts> = loadAccounts(),
): Promise<StorageProblem[]> {
  const [accounts, settingsVersion] = await Promise.all([stored, storedVersion(settingsItem)]);
  return problemsOf(accounts, settingsVersion);
}

export interface StorageProblem {
  item: 'accounts' | 'settings';
  reason: LockReason;
}

function problemsOf(accounts: StoredAccounts, settingsVersion: number): StorageProblem[] {
  return [
    ...(accounts.locked ? [{ item: 'accounts' as const, reason: accounts.locked }] : []),
    ...(settingsVersion > VERSION.settings
      ? [{ item: 'settings' as const, reason: 'newer-version' as const }]
      : []),
  ];
}

/**
 * What a page shows, or a background run works from: the accounts, snapshots, settings, what
 * may not be changed, and the `history` a page shows (none for a run). In one read of storage:
 * each read is a round trip to the browser, and the items read one by one took ten of them at
 * every popup open, some only after others.
 */
export async function loadStore(history?: HistorySource) {
  const keys = [
    ACCOUNTS_KEY,
    `${ACCOUNTS_KEY}$`,
    SETTINGS_KEY,
    `${SETTINGS_KEY}$`,
    SNAPSHOTS_KEY,
    ...(history ? [history.key] : []),
  ] as const;
  const reading = storage
    .getItems([...keys])
    .then((read) => read.map((item): unknown => item.value));
  // The upgrade check (once per page or worker, before the accounts are read) looks at this same read.
  await accountsReady(reading.then(([raw, meta]) => [raw, meta]));
  let [accounts, accountsMeta, settings, settingsMeta, snapshots, histories] = await reading;
  // Read before an older version's single account was upgraded: read it again.
  if (accounts !== null && versionOf(accountsMeta) < VERSION.accounts)
    [accounts, accountsMeta] = await readAccounts();
  const stored = accountsFrom(accounts ?? [], versionOf(accountsMeta));
  return {
    accounts: stored.accounts,
    damaged: stored.damaged,
    snapshots: snapshotsFrom(snapshots),
    history: history ? await history.read(histories) : {},
    settings: settingsFrom(settings),
    problems: problemsOf(stored, versionOf(settingsMeta)),
  };
}

/** Calls back whenever the accounts, settings or snapshots change (a page watches its history apart); returns the function that stops watching. */
export function watchStorage(callback: () => void): () => void {
  // By key: watching through an item would define it, and a definition reads the item.
  const stops = ([ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY] as const).map((key) =>
    storage.watch(key, callback),
  );
  return () => stops.forEach((stop) => stop());
}
