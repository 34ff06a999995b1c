import type { Account } from './accounts';
import { accountsItem, settingsItem, snapshotsItem } from './storage-items';
import { DEFAULT_SETTINGS, mergeSettings, SETTING_LIMITS, type Settings } from './settings';
import { emptySnapshot, type AccountSnapshot } from './snapshot';

// Reads that survive corrupt storage: each item (and each field of it) falls back on its own,
// so one bad value never costs the others. Plain type guards rather than zod: the popup reads
// through here, and zod would cost it a third of its size budget.

/** The stored accounts; an entry that is not a valid account is skipped. */
export async function loadAccounts(): Promise<Account[]> {
  const raw: unknown = await accountsItem.getValue();
  if (!Array.isArray(raw)) return [];
  return raw.filter(isStoredAccount);
}

/** The stored settings; each invalid field takes its default. */
export async function loadSettings(): Promise<Settings> {
  const raw: unknown = await settingsItem.getValue();
  const values = typeof raw === 'object' && raw !== null ? (raw as Partial<Record<keyof Settings, unknown>>) : {};
  return mergeSettings(DEFAULT_SETTINGS, values, (key, value) => (isStoredSetting(key, value) ? undefined : 'errorInvalid'))
    .settings;
}

/** The stored snapshots; one that is not shaped like a snapshot starts over empty. */
export async function loadSnapshots(): Promise<Record<string, AccountSnapshot>> {
  const raw: unknown = await snapshotsItem.getValue();
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw).map(([id, value]) => [id, isSnapshot(value) ? value : emptySnapshot()]),
  );
}

function isStoredAccount(value: unknown): value is Account {
  const a = value as Record<string, unknown> | null;
  return (
    typeof a === 'object' && a !== null &&
    typeof a.id === 'string' && a.id !== '' &&
    ['label', 'baseUrl', 'userId', 'password', 'apiKey'].every((key) => typeof a[key] === 'string') &&
    (a.keyForm === 'header' || a.keyForm === 'matrix') &&
    typeof a.notifications === 'boolean'
  );
}

function isStoredSetting(key: keyof Settings, value: unknown): boolean {
  if (!(key in SETTING_LIMITS)) return typeof value === 'boolean';
  const { min, max } = SETTING_LIMITS[key as keyof typeof SETTING_LIMITS];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isSnapshot(value: unknown): value is AccountSnapshot {
  const v = value as Partial<AccountSnapshot> | null;
  return (
    typeof v === 'object' && v !== null &&
    typeof v.keepAlive?.consecutiveFailures === 'number' &&
    typeof v.refresh?.consecutiveFailures === 'number' &&
    typeof v.alerts?.usage === 'string'
  );
}

let writes: Promise<unknown> = Promise.resolve();

/** Snapshot writes run one after another: concurrent tasks never lose each other's update. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const next = writes.then(work);
  writes = next.catch(() => undefined);
  return next;
}

/** Changes one account's snapshot; a change that returns the same object writes nothing. */
export function updateSnapshot(
  id: string,
  change: (snapshot: AccountSnapshot) => AccountSnapshot,
): Promise<AccountSnapshot> {
  return queued(async () => {
    const all = await loadSnapshots();
    const current = all[id] ?? emptySnapshot();
    const updated = change(current);
    if (updated !== current) await snapshotsItem.setValue({ ...all, [id]: updated });
    return updated;
  });
}

/** Drops the snapshots of accounts that no longer exist. */
export function pruneSnapshots(accounts: readonly Account[]): Promise<void> {
  const ids = new Set(accounts.map((a) => a.id));
  return queued(async () => {
    const all = await loadSnapshots();
    const kept = Object.entries(all).filter(([id]) => ids.has(id));
    if (kept.length !== Object.keys(all).length) await snapshotsItem.setValue(Object.fromEntries(kept));
  });
}
