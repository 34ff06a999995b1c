import { isStoredAccount, type Account } from './accounts';
import { LAST_TIME, unpackActivity, type AccountActivity } from './activity';
import {
  DEFAULT_SETTINGS,
  mergeSettings,
  SETTING_LIMITS,
  settingsValues,
  type Settings,
} from './settings';
import { isObject } from '../basics/guards';
import type { AccountSnapshot } from './account-state';
import { readSnapshot } from './account-state-reader';
import {
  accountsItem,
  activityItem,
  settingsItem,
  snapshotsItem,
  storedVersion,
  type LockReason,
} from './items';
import { VERSION } from './stored-names';

// The reads that survive whatever is stored: another version's data, a damaged entry, a value
// that is no JSON we know. Each item read alone; lib/store/load-store.ts reads what a page or a
// run needs in one call through the same guards.

// ---- accounts ---------------------------------------------------------------------------

/** A stored entry that is not a valid account: kept in storage, shown so the user can decide. */
export interface DamagedEntry {
  /** Identifies the entry for removal (its JSON text). */
  key: string;
  /** Its name, where one can still be read. */
  name?: string;
}

export interface StoredAccounts {
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
  const [raw, version] = await Promise.all([accountsItem.getValue(), storedVersion(accountsItem)]);
  return accountsFrom(raw, version);
}

/** The valid accounts in a stored list, as a storage change gives it (loadAccounts reads the same ones). */
export const storedAccountsIn = (raw: unknown): Account[] =>
  accountsFrom(raw, VERSION.accounts).accounts;

/** The accounts as stored (`raw`, at `version`): valid ones to use, damaged ones to show. */
export function accountsFrom(raw: unknown, version: number): StoredAccounts {
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

export function isStoredSetting(key: keyof Settings, value: unknown): boolean {
  if (!(key in SETTING_LIMITS)) return typeof value === 'boolean';
  const { min, max } = SETTING_LIMITS[key as keyof typeof SETTING_LIMITS];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** The stored settings; each invalid or missing field takes its default. */
export const loadSettings = async (): Promise<Settings> =>
  settingsFrom(await settingsItem.getValue());

export function settingsFrom(raw: unknown): Settings {
  const values = isObject(raw) ? settingsValues(raw) : {};
  return mergeSettings(DEFAULT_SETTINGS, values, (key, value) =>
    isStoredSetting(key, value) ? undefined : 'errorInvalid',
  ).settings;
}

// ---- snapshots --------------------------------------------------------------------------

/** The stored snapshots, each read through its guards (a damaged part starts over empty). */
export const loadSnapshots = async (): Promise<Record<string, AccountSnapshot>> =>
  snapshotsFrom(await snapshotsItem.getValue());

export function snapshotsFrom(raw: unknown): Record<string, AccountSnapshot> {
  if (!isObject(raw)) return {};
  return Object.fromEntries(Object.entries(raw).map(([id, value]) => [id, readSnapshot(value)]));
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

/** Every account's activity log that can be read, by account id. Only the Settings page reads it. */
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
