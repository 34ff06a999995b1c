import { storage } from '@wxt-dev/storage';
import { credentialsKey, isStoredAccount, type Account } from './accounts';
import type { KeyForm } from '../service/client';
import type { Settings } from './settings';
import type { AccountSnapshot } from './account-state';
import { addPoint, packPoints, readHistory, recentPart, type HistoryPoint } from './history';
import { addActivity, packActivity, type ActivityEntry } from './activity';
import { isObject } from '../basics/guards';
import {
  accountsItem,
  activityItem,
  historyItem,
  recentHistoryItem,
  settingsItem,
  snapshotsItem,
  storedVersion,
  type LockReason,
} from './items';
import { accountsReady } from './accounts-upgrade';
import { damagedEntry, loadAccounts, loadSettings, loadSnapshots, readActivity } from './reads';
import { VERSION } from './stored-names';
import { canonicalJson, revisionOf } from './revision';

// Every change to stored data, one at a time, never losing what it does not understand. Only the
// background loads this module: the pages' changes of the accounts and the settings are commands
// it carries out in this one queue (lib/background/account-changes.ts), so no two writers race.

/** A write refused so that data the extension cannot read is not overwritten. */
export class StorageLockedError extends Error {
  constructor(readonly reason: LockReason) {
    super(`stored data is locked: ${reason}`);
  }
}

let writes: Promise<unknown> = Promise.resolve();

/** Writes run one after another in the background: a read-modify-write never loses another. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const next = writes.then(work);
  writes = next.catch(() => undefined);
  return next;
}

// ---- accounts -------------------------------------------------------------------------

/** A save refused because what is stored is no longer what the user's form started from: `stored` is what is there now. */
export class StaleRevisionError<T> extends Error {
  constructor(readonly stored: T) {
    super('a newer version is stored');
  }
}

/** Why the stored accounts may not be written, if they may not. */
async function accountsLock(raw: unknown): Promise<LockReason | undefined> {
  if ((await storedVersion(accountsItem)) > VERSION.accounts) return 'newer-version';
  return Array.isArray(raw) ? undefined : 'not-a-list';
}

/** The stored list as written: with its version, or it would be read as v1 later. */
const accountsWrite = (list: unknown[]) => [
  { key: accountsItem.key, value: list },
  { key: `${accountsItem.key}$` as const, value: { v: VERSION.accounts } },
];

/**
 * Changes the stored list in place: entries it does not touch, damaged ones included, stay.
 * Whether anything changed: a change that leaves the list as it is writes nothing (and the
 * browsers then fire no storage event, whatever each does for an identical value).
 */
function changeAccounts(change: (entries: unknown[]) => unknown[]): Promise<boolean> {
  return queued(async () => {
    await accountsReady();
    const raw = await accountsItem.getValue();
    const locked = await accountsLock(raw);
    if (locked) throw new StorageLockedError(locked);
    const updated = change(raw as unknown[]);
    // Compared whatever the order of the keys: Chromium gives an object's keys back sorted.
    if (canonicalJson(updated) === canonicalJson(raw)) return false;
    await storage.setItems(accountsWrite(updated));
    return true;
  });
}

/**
 * The index of the stored entry that is this account: the first valid entry with its id, as
 * loadAccounts reads it. A damaged entry sharing the id is another entry, left to the user.
 */
const indexOfAccount = (entries: readonly unknown[], id: string) =>
  entries.findIndex((entry) => isStoredAccount(entry) && entry.id === id);

/** The list with these accounts added, or replacing the stored ones with the same ids. */
function withAccounts(entries: readonly unknown[], accounts: readonly Account[]): unknown[] {
  const updated = [...entries];
  for (const account of accounts) {
    const index = indexOfAccount(updated, account.id);
    if (index < 0) updated.push(account);
    else updated[index] = account;
  }
  return updated;
}

/**
 * Adds an account, or replaces the stored one with the same id. A save made from the stored
 * account at `revision` (revisionOf; null: a new account, none stored with its id) is refused
 * (StaleRevisionError, with the stored account) when another change was stored meanwhile,
 * unless it stored exactly this. Whether it changed anything.
 */
export function saveAccount(account: Account, revision?: string | null): Promise<boolean> {
  return changeAccounts((entries) => {
    const stored = entries[indexOfAccount(entries, account.id)] as Account | undefined;
    const storedRevision = stored === undefined ? null : revisionOf(stored);
    if (
      revision !== undefined &&
      storedRevision !== revision &&
      storedRevision !== revisionOf(account)
    )
      throw new StaleRevisionError(stored);
    return withAccounts(entries, [account]);
  });
}

/** Changes how a stored account sends its API key (the one-click fix for a key refused in the header). */
export function setKeyForm(id: string, keyForm: KeyForm): Promise<boolean> {
  return changeAccounts((entries) => {
    const index = indexOfAccount(entries, id);
    return entries.map((entry, i) => (i === index ? { ...(entry as Account), keyForm } : entry));
  });
}

/** Removes an account (a damaged entry with the same id stays, for the user to decide on). */
export function removeAccount(id: string): Promise<boolean> {
  return changeAccounts((entries) => {
    const index = indexOfAccount(entries, id);
    return index < 0 ? entries : entries.filter((_, i) => i !== index);
  });
}

/**
 * Removes one damaged entry, the user's decision; a stored value that is no list at all is reset.
 * A key no entry has (removed meanwhile) writes nothing.
 */
export function removeDamagedEntry(key: string): Promise<void> {
  return queued(async () => {
    await accountsReady();
    const raw = await accountsItem.getValue();
    const locked = await accountsLock(raw);
    if (locked === 'newer-version') throw new StorageLockedError(locked);
    const index = Array.isArray(raw)
      ? raw.findIndex((entry) => damagedEntry(entry).key === key)
      : -1;
    if (Array.isArray(raw) && index < 0) return;
    await storage.setItems(
      accountsWrite(Array.isArray(raw) ? raw.filter((_, i) => i !== index) : []),
    );
  });
}

// ---- settings -------------------------------------------------------------------------

/** Why the stored settings may not be written, if they may not. */
const settingsLock = async (): Promise<LockReason | undefined> =>
  (await storedVersion(settingsItem)) > VERSION.settings ? 'newer-version' : undefined;

/**
 * Saves the settings (made from the stored ones at `revision`, revisionOf the settings as
 * read), unless a newer version wrote them. Refused (StaleRevisionError, with the stored settings) when
 * another change was stored meanwhile, unless it stored exactly these.
 */
export function saveSettings(settings: Settings, revision?: string): Promise<void> {
  return queued(async () => {
    const locked = await settingsLock();
    if (locked) throw new StorageLockedError(locked);
    if (revision !== undefined) {
      const stored = await loadSettings();
      const storedRevision = revisionOf(stored);
      if (storedRevision !== revision && storedRevision !== revisionOf(settings))
        throw new StaleRevisionError(stored);
    }
    await settingsItem.setValue(settings);
  });
}

/**
 * An import: its accounts (added, or replacing the stored ones with the same ids) and its
 * settings, in one write, or nothing when either item may not be written.
 */
export function importAccountsAndSettings(
  accounts: readonly Account[],
  settings: Settings | undefined,
): Promise<void> {
  return queued(async () => {
    await accountsReady();
    const raw = await accountsItem.getValue();
    const locked = (await accountsLock(raw)) ?? (settings && (await settingsLock()));
    if (locked) throw new StorageLockedError(locked);
    await storage.setItems([
      ...accountsWrite(withAccounts(raw as unknown[], accounts)),
      ...(settings ? [{ key: settingsItem.key, value: settings }] : []),
    ]);
  });
}

// ---- snapshots ------------------------------------------------------------------------

/** Changes one account's snapshot (unqueued: the caller holds the queue); a change that returns the same object writes nothing. */
async function changeSnapshot(
  id: string,
  change: (snapshot: AccountSnapshot | undefined) => AccountSnapshot,
): Promise<AccountSnapshot> {
  const all = await loadSnapshots();
  const current = all[id];
  const updated = change(current);
  if (updated !== current) {
    all[id] = updated;
    await snapshotsItem.setValue(all);
    await snapshotsItem.setMeta({ v: VERSION.snapshots });
  }
  return updated;
}

/**
 * Records what was learned about an account with these credentials: the snapshot recorded, or
 * undefined, writing nothing, when the account was removed or edited since. Checked in the
 * queue, just before writing, so no edit can slip in between.
 */
export function recordSnapshot(
  account: Account,
  change: (snapshot: AccountSnapshot | undefined) => AccountSnapshot,
): Promise<AccountSnapshot | undefined> {
  return queued(async () => {
    const stored = (await loadAccounts()).accounts.find((a) => a.id === account.id);
    if (stored === undefined || credentialsKey(stored) !== credentialsKey(account))
      return undefined;
    return changeSnapshot(account.id, change);
  });
}

/** Keeps only the snapshots `keep` accepts (the accounts that still exist, as they are now). */
export function pruneSnapshots(
  keep: (id: string, snapshot: AccountSnapshot) => boolean,
): Promise<void> {
  return queued(async () => {
    const all = await loadSnapshots();
    const kept = Object.entries(all).filter(([id, snapshot]) => keep(id, snapshot));
    if (kept.length !== Object.keys(all).length)
      await snapshotsItem.setValue(Object.fromEntries(kept));
  });
}

// ---- history ----------------------------------------------------------------------------

/**
 * Changes a per-account record (histories, activity logs) in place: the accounts it does not
 * touch stay as stored, even damaged. One written by a newer version is left alone (it stops
 * growing until then).
 */
function changeRecords(
  item: typeof historyItem,
  version: number,
  change: (all: Record<string, unknown>) => boolean,
  alsoWrite?: (all: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  return queued(async () => {
    if ((await storedVersion(item)) > version) return;
    const raw = await item.getValue();
    const all = isObject(raw) ? { ...raw } : {};
    if (!change(all)) return;
    await item.setValue(all);
    await item.setMeta({ v: version });
    await alsoWrite?.(all);
  });
}

/** Whether an account's record stays: its account id, and the identity it was written for. */
type KeepRecord = (id: string, identity: string | undefined) => boolean;

/** A change that drops the per-account records `keep` refuses (histories and logs alike). */
const dropRefused =
  (read: (value: unknown) => { identity: string } | undefined, keep: KeepRecord) =>
  (all: Record<string, unknown>): boolean => {
    const gone = Object.keys(all).filter((id) => !keep(id, read(all[id])?.identity));
    for (const id of gone) delete all[id];
    return gone.length > 0;
  };

/** Histories change with their recent part (what the popup and the background read). */
const changeHistory = (change: (all: Record<string, unknown>) => boolean) =>
  changeRecords(historyItem, VERSION.history, change, (all) =>
    recentHistoryItem.setValue(recentPart(all)),
  );
const changeActivity = (change: (all: Record<string, unknown>) => boolean) =>
  changeRecords(activityItem, VERSION.activity, change);

/** Adds a capacity reading to an account's history (another identity's history starts over). */
export function addReading(id: string, identity: string, point: HistoryPoint): Promise<void> {
  return changeHistory((all) => {
    const { points } = addPoint(readHistory(all[id]), identity, point);
    all[id] = { identity, points: packPoints(points) };
    return true;
  });
}

/** Keeps only the histories `keep` accepts (the accounts that still exist, as they are now). */
export function pruneHistory(keep: KeepRecord): Promise<void> {
  return changeHistory(dropRefused(readHistory, keep));
}

// ---- activity log -----------------------------------------------------------------------

/** Logs a sign-in or usage update of an account (another identity's log starts over). */
export function logActivity(
  id: string,
  identity: string,
  entry: ActivityEntry,
  now: number,
): Promise<void> {
  return changeActivity((all) => {
    const { entries } = addActivity(readActivity(all[id]), identity, entry, now);
    all[id] = { identity, entries: packActivity(entries) };
    return true;
  });
}

/** Keeps only the logs `keep` accepts (the accounts that still exist, as they are now). */
export function pruneActivity(keep: KeepRecord): Promise<void> {
  return changeActivity(dropRefused(readActivity, keep));
}

// ---- the whole store --------------------------------------------------------------------

/** "Remove all data": everything the extension stored, gone. */
export function removeAllData(): Promise<void> {
  return queued(() => storage.clear('local'));
}
