import {
  accountIdentity,
  credentialsKey,
  isStoredAccount,
  newAccountId,
  type Account,
} from './accounts';
import { storedSnapshot, type AccountSnapshot } from './account-state';
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
  clearStorage,
  inWriteQueue as queued,
  storedVersion,
  versionMarker,
  writeKeys,
  type LockReason,
  type StorageItemKey,
} from './items';
import { upgradeStoredAccounts } from './accounts-upgrade';
import {
  accountsFrom,
  damagedEntry,
  loadAccounts,
  loadSettings,
  loadSnapshots,
  readActivity,
  settingsFrom,
} from './reads';
import { VERSION } from './stored-names';
import { storedSettings, type Settings } from './settings';
import { revisionOf } from './revision';
import {
  NewerStored,
  planAccountEdit,
  planSettingsEdit,
  type Change,
  type ChangeKind,
  type OutcomeOf,
} from './changes';
import { importBasis, planImport } from './import-plan';

// Every change to stored data, one at a time, never losing what it does not understand. Only the
// background loads this module: the pages' changes of the accounts and the settings are changes
// it plans and carries out in this one queue (lib/background/changes.ts), so no two writers race.

/** A write refused so that data the extension cannot read is not overwritten. */
export class StorageLockedError extends Error {
  constructor(readonly reason: LockReason) {
    super(`stored data is locked: ${reason}`);
  }
}

// ---- accounts and settings: the pages' changes ----------------------------------------

/** Why the stored accounts may not be written, if they may not. */
async function accountsLock(raw: unknown): Promise<LockReason | undefined> {
  if ((await storedVersion(accountsItem)) > VERSION.accounts) return 'newer-version';
  return Array.isArray(raw) ? undefined : 'not-a-list';
}

/** Why the stored settings may not be written, if they may not. */
const settingsLock = async (): Promise<LockReason | undefined> =>
  (await storedVersion(settingsItem)) > VERSION.settings ? 'newer-version' : undefined;

/** The stored list as written: with its version, or it would be read as v1 later. */
const accountsWrite = (list: unknown[]) => [
  { key: accountsItem.key, value: list },
  versionMarker(accountsItem.key, VERSION.accounts),
];

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

/** One item to write, with its key. */
type Write = { key: StorageItemKey; value: unknown };

/** A change's answer when it is carried out. */
type Done<K extends ChangeKind> = Extract<OutcomeOf<K>, { saved: unknown }>;

/** What a change stores: the accounts it saves and removes (announced before the write), and the write. */
interface Planned<Answer> {
  saved: readonly Account[];
  removed: readonly string[];
  /** The items to write (none: the change leaves storage as it is). */
  items: Write[];
  /** `storage.clear`: "Remove all data". */
  clear?: true;
  answer: Answer;
  /** An account's form saved new credentials (or a new account): it is checked at once. */
  recheck?: string;
}

/** The stored list of accounts, when it may be written: the raw entries and the accounts read from them. */
async function writableAccounts(): Promise<{ entries: unknown[]; accounts: Account[] }> {
  const raw = await accountsItem.getValue();
  const locked = await accountsLock(raw);
  if (locked) throw new StorageLockedError(locked);
  const entries = raw as unknown[];
  return { entries, accounts: accountsFrom(entries, VERSION.accounts).accounts };
}

/**
 * The settings as stored, when they may be written, and their write: under their stored names,
 * over the stored value, so fields this version does not know are kept.
 */
async function writableSettings(): Promise<{
  settings: Settings;
  write: (settings: Settings) => Write;
}> {
  const locked = await settingsLock();
  if (locked) throw new StorageLockedError(locked);
  const raw = await settingsItem.getValue();
  return {
    settings: settingsFrom(raw),
    write: (settings) => ({
      key: settingsItem.key,
      value: storedSettings(settings, isObject(raw) ? raw : {}),
    }),
  };
}

/** An account saved by its form or by the popup's key fix; new credentials are checked at once. */
async function planAccountSave(
  change: Extract<Change, { kind: 'edit-account' | 'key-in-address' }>,
): Promise<Planned<Done<'edit-account'>>> {
  const { entries, accounts } = await writableAccounts();
  const stored = accounts.find((a) => a.id === change.accountId);
  const account = planAccountEdit(stored, change);
  const same = stored !== undefined && revisionOf(stored) === revisionOf(account);
  const newCredentials = !stored || credentialsKey(stored) !== credentialsKey(account);
  return {
    saved: [account],
    removed: [],
    items: same ? [] : accountsWrite(withAccounts(entries, [account])),
    answer: { saved: account },
    ...(change.kind === 'edit-account' && newCredentials && { recheck: account.id }),
  };
}

/**
 * How each change is planned over what is stored now (lib/store/changes.ts), in the write queue,
 * so nothing is written between its read and its write. Each throws StorageLockedError over data
 * the extension may not write, NewerStored for a change made from an older revision.
 */
const PLANS: {
  [K in ChangeKind]: (
    change: Extract<Change, { kind: K }>,
    newId: () => string,
  ) => Promise<Planned<Done<K>>>;
} = {
  'edit-account': planAccountSave,
  'key-in-address': planAccountSave,
  'remove-account': async (change) => {
    const { entries } = await writableAccounts();
    const index = indexOfAccount(entries, change.accountId);
    const items = index < 0 ? [] : accountsWrite(entries.filter((_, i) => i !== index));
    return { saved: [], removed: [change.accountId], items, answer: { saved: true } };
  },
  import: async (change, newId) => {
    const { entries, accounts } = await writableAccounts();
    const writable = change.file.settings ? await writableSettings() : undefined;
    const settings = writable?.settings ?? (await loadSettings());
    const previewed = importBasis(change.file, accounts, settings);
    const plan = planImport(change.file, accounts, settings, newId);
    if (previewed !== change.previewed) throw new NewerStored({ plan, previewed });
    const saved = [...plan.added, ...plan.updated];
    return {
      saved,
      removed: [],
      items: [
        ...(saved.length > 0 ? accountsWrite(withAccounts(entries, saved)) : []),
        ...(plan.settings && writable ? [writable.write(plan.settings)] : []),
      ],
      answer: { saved: { added: plan.added.length, updated: plan.updated.length } },
    };
  },
  'remove-damaged': async (change) => {
    // A stored value that is no list at all is reset; a key no entry has (removed meanwhile) writes nothing.
    if ((await storedVersion(accountsItem)) > VERSION.accounts)
      throw new StorageLockedError('newer-version');
    const raw = await accountsItem.getValue();
    if (!Array.isArray(raw))
      return { saved: [], removed: [], items: accountsWrite([]), answer: { saved: true } };
    const index = raw.findIndex((entry) => damagedEntry(entry).key === change.key);
    const items = index < 0 ? [] : accountsWrite(raw.filter((_, i) => i !== index));
    return { saved: [], removed: [], items, answer: { saved: true } };
  },
  'remove-all': async () => ({
    saved: [],
    removed: (await loadAccounts()).accounts.map((a) => a.id),
    items: [],
    clear: true,
    answer: { saved: true },
  }),
  'edit-settings': async (change) => {
    const writable = await writableSettings();
    const settings = planSettingsEdit(writable.settings, change);
    return {
      saved: [],
      removed: [],
      items: [writable.write(settings)],
      answer: { saved: settings },
    };
  },
};

/**
 * Carries out a page's change, planned over what is stored when it runs: `announce` hears the
 * accounts it saves and removes just before they are written (the background stops their old
 * credentials' checks), then it is written, or nothing is when it leaves storage as it is (the
 * browsers then fire no storage event, whatever each does for an identical value).
 */
export function writeChange<K extends ChangeKind>(
  change: Extract<Change, { kind: K }>,
  announce: (saved: readonly Account[], removed: readonly string[]) => void,
  newId: () => string = newAccountId,
): Promise<{ answer: Done<K>; recheck?: string }> {
  return queued(async () => {
    await upgradeStoredAccounts();
    const plan = PLANS[change.kind] as (
      change: Extract<Change, { kind: K }>,
      newId: () => string,
    ) => Promise<Planned<Done<K>>>;
    const { saved, removed, items, clear, answer, recheck } = await plan(change, newId);
    announce(saved, removed);
    if (clear) await clearStorage();
    else if (items.length > 0) await writeKeys(items);
    return { answer, ...(recheck && { recheck }) };
  });
}

// ---- snapshots ------------------------------------------------------------------------

/** The snapshots as stored (storedSnapshot). */
const storedSnapshots = (all: Record<string, AccountSnapshot>) =>
  Object.fromEntries(Object.entries(all).map(([id, snapshot]) => [id, storedSnapshot(snapshot)]));

/** One account's snapshot changed, and its write (unqueued: the caller holds the queue); a change that returns the same object writes nothing. */
async function snapshotWrites(
  id: string,
  change: (snapshot: AccountSnapshot | undefined) => AccountSnapshot,
): Promise<{ updated: AccountSnapshot; writes: Write[] }> {
  const all = await loadSnapshots();
  const current = all[id];
  const updated = change(current);
  if (updated === current) return { updated, writes: [] };
  all[id] = updated;
  return {
    updated,
    writes: [
      { key: snapshotsItem.key, value: storedSnapshots(all) },
      versionMarker(snapshotsItem.key, VERSION.snapshots),
    ],
  };
}

/**
 * Whether `account` is stored with these credentials: not removed (one by one, or by "Remove all
 * data") nor edited since its check read it. Asked in the queue, just before a write about it.
 */
async function storedWith(account: Account): Promise<boolean> {
  const stored = (await loadAccounts()).accounts.find((a) => a.id === account.id);
  return stored !== undefined && credentialsKey(stored) === credentialsKey(account);
}

/** What was learned about an account, each part if there is one: its snapshot's change (a check's outcome, or the notices told), its line in the activity log, the day's usage reading. */
export interface CheckRecord {
  snapshot?: (stored: AccountSnapshot | undefined) => AccountSnapshot;
  entry?: ActivityEntry;
  reading?: HistoryPoint;
}

/**
 * Records what was learned about an account with these credentials, in one write (snapshot,
 * log line and reading land together): the snapshot as recorded, or undefined, writing nothing,
 * when the account was removed or edited since its check read it. Checked in the queue, just
 * before writing, so no edit can slip in between. A log or history written by a newer version is
 * left alone (it stops growing until then); another identity's starts over.
 */
export function recordCheck(
  account: Account,
  { snapshot, entry, reading }: CheckRecord,
): Promise<{ snapshot: AccountSnapshot | undefined } | undefined> {
  const { id } = account;
  const identity = accountIdentity(account);
  return queued(async () => {
    if (!(await storedWith(account))) return undefined;
    const recorded = snapshot && (await snapshotWrites(id, snapshot));
    const logged =
      entry &&
      (await recordWrites(activityItem, VERSION.activity, (all) => {
        const { entries } = addActivity(readActivity(all[id]), identity, entry, entry.at);
        all[id] = { identity, entries: packActivity(entries) };
        return true;
      }));
    const read =
      reading &&
      (await recordWrites(
        historyItem,
        VERSION.history,
        (all) => {
          const { points } = addPoint(readHistory(all[id]), identity, reading);
          all[id] = { identity, points: packPoints(points) };
          return true;
        },
        recentAlso,
      ));
    const writes = [...(recorded?.writes ?? []), ...(logged ?? []), ...(read ?? [])];
    if (writes.length > 0) await writeKeys(writes);
    return { snapshot: recorded?.updated };
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
      await snapshotsItem.setValue(storedSnapshots(Object.fromEntries(kept)));
  });
}

// ---- histories and activity logs ------------------------------------------------------------

/**
 * The writes that change a per-account record (histories, activity logs) in place, unqueued (the
 * caller holds the queue): the accounts it does not touch stay as stored, even damaged. None for
 * one written by a newer version (it stops growing until then), or when `change` changes nothing.
 */
async function recordWrites(
  item: typeof historyItem,
  version: number,
  change: (all: Record<string, unknown>) => boolean,
  alsoWrite?: (all: Record<string, unknown>) => Write,
): Promise<Write[]> {
  if ((await storedVersion(item)) > version) return [];
  const raw = await item.getValue();
  const all = isObject(raw) ? { ...raw } : {};
  if (!change(all)) return [];
  return [
    { key: item.key, value: all },
    versionMarker(item.key, version),
    ...(alsoWrite ? [alsoWrite(all)] : []),
  ];
}

/** Histories are written with their recent part (what the popup and the background read). */
const recentAlso = (all: Record<string, unknown>): Write => ({
  key: recentHistoryItem.key,
  value: recentPart(all),
});

/** Whether an account's record stays: its account id, and the identity it was written for. */
type KeepRecord = (id: string, identity: string | undefined) => boolean;

/** Drops the per-account records `keep` refuses (histories and logs alike), in the queue. */
const pruneRecords = (
  item: typeof historyItem,
  version: number,
  read: (value: unknown) => { identity: string } | undefined,
  keep: KeepRecord,
  alsoWrite?: (all: Record<string, unknown>) => Write,
): Promise<void> =>
  queued(async () => {
    const writes = await recordWrites(
      item,
      version,
      (all) => {
        const gone = Object.keys(all).filter((id) => !keep(id, read(all[id])?.identity));
        for (const id of gone) delete all[id];
        return gone.length > 0;
      },
      alsoWrite,
    );
    if (writes.length > 0) await writeKeys(writes);
  });

/** Keeps only the histories `keep` accepts (the accounts that still exist, as they are now). */
export const pruneHistory = (keep: KeepRecord): Promise<void> =>
  pruneRecords(historyItem, VERSION.history, readHistory, keep, recentAlso);

/** Keeps only the logs `keep` accepts (the accounts that still exist, as they are now). */
export const pruneActivity = (keep: KeepRecord): Promise<void> =>
  pruneRecords(activityItem, VERSION.activity, readActivity, keep);
