import { storage } from '@wxt-dev/storage';
import type { Account } from './accounts';
import type { Settings } from './settings';
import type { AccountSnapshot } from './snapshot';
import {
  accountsItem,
  damagedEntry,
  loadAccounts,
  loadSnapshots,
  settingsItem,
  snapshotsItem,
  storedVersion,
  VERSION,
  type LockReason,
} from './storage';

// Every change to stored data (the options page's edits, the background's records), one at a
// time in each page or worker, never losing what it does not understand. The popup only reads,
// so it does not load this module.

/** A write refused so that data the extension cannot read is not overwritten. */
export class StorageLockedError extends Error {
  constructor(readonly reason: LockReason) {
    super(`stored data is locked: ${reason}`);
  }
}

let writes: Promise<unknown> = Promise.resolve();

/** Writes run one after another in this page or worker: a read-modify-write never loses another. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const next = writes.then(work);
  writes = next.catch(() => undefined);
  return next;
}

// ---- accounts -------------------------------------------------------------------------

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

/** Adds an account, or replaces the stored one with the same id. */
export function saveAccount(account: Account): Promise<void> {
  return changeAccounts((entries) =>
    entries.some((entry) => hasId(entry, account.id))
      ? entries.map((entry) => (hasId(entry, account.id) ? account : entry))
      : [...entries, account],
  );
}

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

// ---- settings -------------------------------------------------------------------------

/** Saves the settings, unless a newer version wrote them. */
export function saveSettings(settings: Settings): Promise<void> {
  return queued(async () => {
    if ((await storedVersion(settingsItem)) > VERSION.settings) throw new StorageLockedError('newer-version');
    await settingsItem.setValue(settings);
  });
}

// ---- snapshots ------------------------------------------------------------------------

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

// ---- the whole store --------------------------------------------------------------------

/** "Remove all data": everything the extension stored, gone. */
export function removeAllData(): Promise<void> {
  return queued(() => storage.clear('local'));
}
