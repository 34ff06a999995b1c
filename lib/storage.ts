import { storage, type WxtStorageItem } from '@wxt-dev/storage';
import { DEFAULT_KEY_FORM, isStoredAccount, newAccountId, type Account } from './accounts';
import { addPoint, packPoints, unpackPoints, type AccountHistory, type HistoryPoint } from './history';
import { DEFAULT_SETTINGS, mergeSettings, SETTING_LIMITS, type Settings } from './settings';
import { isCount, isObject, readSnapshot, type AccountSnapshot } from './snapshot';

// Every stored item, its version and migrations, and the reads and writes that survive
// whatever is stored: another version's data, a damaged entry, a value that is no JSON we
// know. Everything lives in storage.local: credentials must never reach storage.sync.
// Items are typed `unknown` on purpose: what is stored is read through the guards below.

const VERSION = { accounts: 2, settings: 1, snapshots: 1, history: 1 } as const;

/**
 * v1 → v2: the first draft kept one account as a single object. Only that shape becomes a
 * list; anything else (a list whose version marker was lost, junk) is left as it is, so a
 * migration never turns data into less data.
 */
export function upgradeSingleAccount(old: unknown): unknown {
  const v1 = old as Record<string, unknown> | null;
  if (typeof v1 !== 'object' || v1 === null || Array.isArray(v1)) return old;
  if (!['baseUrl', 'userId', 'password', 'apiKey'].every((key) => typeof v1[key] === 'string')) return old;
  const { baseUrl, userId, password, apiKey } = v1 as Record<'baseUrl' | 'userId' | 'password' | 'apiKey', string>;
  return [{ id: newAccountId(), label: '', baseUrl, userId, password, apiKey, keyForm: DEFAULT_KEY_FORM, notifications: true }];
}

/** The accounts, credentials included. */
export const accountsItem = storage.defineItem<unknown>('local:accounts', {
  fallback: [],
  version: VERSION.accounts,
  migrations: { 2: upgradeSingleAccount },
});

/** Settings shared by all accounts. */
export const settingsItem = storage.defineItem<unknown>('local:settings', { fallback: {}, version: VERSION.settings });

/**
 * What the background last learned about each account, by account id. A cache of what the
 * service said: on a downgrade it is read through its guards and rewritten, unlike the
 * user's own accounts and settings.
 */
export const snapshotsItem = storage.defineItem<unknown>('local:snapshots', { fallback: {}, version: VERSION.snapshots });

/** Each account's usage history (lib/history.ts), by account id. */
export const historyItem = storage.defineItem<unknown>('local:history', { fallback: {}, version: VERSION.history });

/** Why a stored item may not be written: a newer version wrote it, or it is not a list at all. */
export type LockReason = 'newer-version' | 'not-a-list';

/** A write refused so that data the extension cannot read is not overwritten. */
export class StorageLockedError extends Error {
  constructor(readonly reason: LockReason) {
    super(`stored data is locked: ${reason}`);
  }
}

async function storedVersion(item: WxtStorageItem<unknown, Record<string, unknown>>): Promise<number> {
  const { v } = await item.getMeta();
  return typeof v === 'number' ? v : 1;
}

let writes: Promise<unknown> = Promise.resolve();

/** Writes run one after another in this page or worker: a read-modify-write never loses another. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const next = writes.then(work);
  writes = next.catch(() => undefined);
  return next;
}

// ---- accounts ---------------------------------------------------------------------------

/** A stored entry that is not a valid account: kept in storage, shown so the user can decide. */
export interface DamagedAccount {
  /** Identifies the entry for removal (its JSON text). */
  key: string;
  /** Its name, where one can still be read. */
  name?: string;
}

export interface StoredAccounts {
  accounts: Account[];
  damaged: DamagedAccount[];
  /** Set when the list must not be written (its entries are still read where possible). */
  locked?: LockReason;
}

function damagedEntry(raw: unknown): DamagedAccount {
  const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const name = [entry.label, entry.userId, entry.id].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return { key: JSON.stringify(raw) ?? String(raw), ...(name !== undefined && { name }) };
}

/** The stored accounts: valid ones to use, damaged ones to show, never dropped. */
export async function loadAccounts(): Promise<StoredAccounts> {
  const [raw, version] = await Promise.all([accountsItem.getValue(), storedVersion(accountsItem)]);
  const newer = version > VERSION.accounts ? { locked: 'newer-version' as const } : {};
  if (!Array.isArray(raw)) return { accounts: [], damaged: [damagedEntry(raw)], locked: newer.locked ?? 'not-a-list' };
  const accounts: Account[] = [];
  const damaged: DamagedAccount[] = [];
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

/** Changes the stored list in place: entries it does not touch, damaged ones included, stay. */
function changeAccounts(change: (entries: unknown[]) => unknown[]): Promise<void> {
  return queued(async () => {
    if ((await storedVersion(accountsItem)) > VERSION.accounts) throw new StorageLockedError('newer-version');
    const raw = await accountsItem.getValue();
    if (!Array.isArray(raw)) throw new StorageLockedError('not-a-list');
    // The version goes with every write: a list written without it would be read as v1 later.
    await accountsItem.setValue(change(raw));
    await accountsItem.setMeta({ v: VERSION.accounts });
  });
}

const hasId = (entry: unknown, id: string) => (entry as { id?: unknown } | null)?.id === id;

/** Adds accounts, or replaces the stored ones with the same ids, in one write (an import, or one account saved). */
export function saveAccounts(accounts: readonly Account[]): Promise<void> {
  return changeAccounts((entries) => [
    ...entries.map((entry) => accounts.find((account) => hasId(entry, account.id)) ?? entry),
    ...accounts.filter((account) => !entries.some((entry) => hasId(entry, account.id))),
  ]);
}

/** Adds an account, or replaces the stored one with the same id. */
export const saveAccount = (account: Account): Promise<void> => saveAccounts([account]);

/** Removes an account (every stored entry with its id). */
export function removeAccount(id: string): Promise<void> {
  return changeAccounts((entries) => entries.filter((entry) => !hasId(entry, id)));
}

/** Removes one damaged entry, the user's decision; a stored value that is no list at all is reset. */
export async function removeDamagedAccount(key: string): Promise<void> {
  const { locked } = await loadAccounts();
  if (locked === 'not-a-list') {
    await queued(async () => {
      await accountsItem.setValue([]);
      await accountsItem.setMeta({ v: VERSION.accounts });
    });
    return;
  }
  await changeAccounts((entries) => {
    const index = entries.findIndex((entry) => damagedEntry(entry).key === key);
    return index < 0 ? entries : entries.filter((_, i) => i !== index);
  });
}

// ---- settings ---------------------------------------------------------------------------

function isStoredSetting(key: keyof Settings, value: unknown): boolean {
  if (!(key in SETTING_LIMITS)) return typeof value === 'boolean';
  const { min, max } = SETTING_LIMITS[key as keyof typeof SETTING_LIMITS];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** The stored settings; each invalid or missing field takes its default. */
export async function loadSettings(): Promise<Settings> {
  const raw = await settingsItem.getValue();
  const values = typeof raw === 'object' && raw !== null ? (raw as Partial<Record<keyof Settings, unknown>>) : {};
  return mergeSettings(DEFAULT_SETTINGS, values, (key, value) => (isStoredSetting(key, value) ? undefined : 'errorInvalid'))
    .settings;
}

/** Saves the settings, unless a newer version wrote them. */
export function saveSettings(settings: Settings): Promise<void> {
  return queued(async () => {
    if ((await storedVersion(settingsItem)) > VERSION.settings) throw new StorageLockedError('newer-version');
    await settingsItem.setValue(settings);
  });
}

// ---- snapshots --------------------------------------------------------------------------

/** The stored snapshots, each read through its guards (a damaged part starts over empty). */
export async function loadSnapshots(): Promise<Record<string, AccountSnapshot>> {
  const raw = await snapshotsItem.getValue();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).map(([id, value]) => [id, readSnapshot(value)]));
}

/** Changes one account's snapshot; a change that returns the same object writes nothing. */
export function updateSnapshot(
  id: string,
  change: (snapshot: AccountSnapshot | undefined) => AccountSnapshot | undefined,
): Promise<AccountSnapshot | undefined> {
  return queued(async () => {
    const all = await loadSnapshots();
    const current = all[id];
    const updated = change(current);
    if (updated !== current) {
      if (updated === undefined) delete all[id];
      else all[id] = updated;
      await snapshotsItem.setValue(all);
      await snapshotsItem.setMeta({ v: VERSION.snapshots });
    }
    return updated;
  });
}

/** Keeps only the snapshots `keep` accepts (the accounts that still exist, as they are now). */
export function pruneSnapshots(keep: (id: string, snapshot: AccountSnapshot) => boolean): Promise<void> {
  return queued(async () => {
    const all = await loadSnapshots();
    const kept = Object.entries(all).filter(([id, snapshot]) => keep(id, snapshot));
    if (kept.length !== Object.keys(all).length) await snapshotsItem.setValue(Object.fromEntries(kept));
  });
}

// ---- history ----------------------------------------------------------------------------

const isPoint = (value: unknown): value is HistoryPoint =>
  Array.isArray(value) && value.length === 3 && value.every(isCount);

/** One account's stored history: its points that can be read, in day order, one a day. */
function readHistory(value: unknown): AccountHistory | undefined {
  if (!isObject(value) || typeof value.identity !== 'string' || typeof value.points !== 'string') return undefined;
  const points = unpackPoints(value.points).filter(isPoint);
  return { identity: value.identity, points: points.filter((p, i) => i === 0 || p[0] > points[i - 1]![0]) };
}

/** Every account's history that can be read, by account id. */
export async function loadHistory(): Promise<Record<string, AccountHistory>> {
  const raw = await historyItem.getValue();
  const entries = isObject(raw) ? Object.entries(raw) : [];
  return Object.fromEntries(entries.flatMap(([id, value]) => {
    const history = readHistory(value);
    return history ? [[id, history]] : [];
  }));
}

/**
 * Changes the stored histories in place: the accounts it does not touch stay as stored, even
 * damaged. A history written by a newer version is left alone (it stops growing until then).
 */
function changeHistory(change: (all: Record<string, unknown>) => boolean): Promise<void> {
  return queued(async () => {
    if ((await storedVersion(historyItem)) > VERSION.history) return;
    const raw = await historyItem.getValue();
    const all = isObject(raw) ? { ...raw } : {};
    if (!change(all)) return;
    await historyItem.setValue(all);
    await historyItem.setMeta({ v: VERSION.history });
  });
}

/** Adds a capacity reading to an account's history (another identity's history starts over). */
export function addReading(id: string, identity: string, point: HistoryPoint): Promise<void> {
  return changeHistory((all) => {
    const { points } = addPoint(readHistory(all[id]), identity, point);
    all[id] = { identity, points: packPoints(points) };
    return true;
  });
}

/** Keeps only the histories `keep` accepts (the accounts that still exist, as they are now). */
export function pruneHistory(keep: (id: string, identity: string | undefined) => boolean): Promise<void> {
  return changeHistory((all) => {
    const gone = Object.keys(all).filter((id) => !keep(id, readHistory(all[id])?.identity));
    for (const id of gone) delete all[id];
    return gone.length > 0;
  });
}

// ---- the whole store --------------------------------------------------------------------

/** What the pages should tell the user about stored data they cannot change. */
export async function storageProblems(): Promise<{ item: 'accounts' | 'settings'; reason: LockReason }[]> {
  const [accounts, settingsVersion] = await Promise.all([loadAccounts(), storedVersion(settingsItem)]);
  return [
    ...(accounts.locked ? [{ item: 'accounts' as const, reason: accounts.locked }] : []),
    ...(settingsVersion > VERSION.settings ? [{ item: 'settings' as const, reason: 'newer-version' as const }] : []),
  ];
}

/** Calls back whenever any stored item changes; returns the function that stops watching. */
export function watchStorage(callback: () => void): () => void {
  const stops = [accountsItem, settingsItem, snapshotsItem, historyItem].map((item) => item.watch(callback));
  return () => stops.forEach((stop) => stop());
}

/** "Remove all data": everything the extension stored, gone. */
export function removeAllData(): Promise<void> {
  return queued(() => storage.clear('local'));
}
