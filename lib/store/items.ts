import { storage, type StorageItemKey, type WatchCallback } from '@wxt-dev/storage';
import { isObject } from '../basics/guards';
import {
  ACCOUNTS_KEY,
  ACTIVITY_KEY,
  HISTORY_KEY,
  RECENT_HISTORY_KEY,
  SETTINGS_KEY,
  SETUP_OPENED_KEY,
  SNAPSHOTS_KEY,
} from './stored-names';

// The one module that reaches storage (@wxt-dev/storage; .dependency-cruiser.cjs keeps it so):
// every stored item and its version marker, the reads and writes by key, the one write queue,
// and the watchers. Keys and versions are in lib/store/stored-names.ts; what a value means is
// read through the guards of reads.ts, and every change is made by writes.ts. Everything lives
// in storage.local: credentials must never reach storage.sync. Items are typed `unknown` on
// purpose.

export type { StorageItemKey };

/**
 * A stored item, read and written by its key through @wxt-dev/storage. Not `storage.defineItem`:
 * a definition reads its item at once and throws the value away (it prepares `init`, which we do
 * not use), so a worker that defined every item read the whole history and activity log at each
 * wake, and a page read what it never shows. Versions are kept in the item's metadata
 * (`<key>$`, versionMarker), written with every change that needs one (lib/store/writes.ts).
 */
export interface StoredItem<T> {
  key: StorageItemKey;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  getMeta(): Promise<Record<string, unknown>>;
  watch(callback: WatchCallback<T>): () => void;
}

const storedItem = <T>(key: StorageItemKey, fallback: T): StoredItem<T> => ({
  key,
  getValue: async () => (await storage.getItem<T>(key)) ?? fallback,
  setValue: (value) => storage.setItem(key, value),
  getMeta: () => storage.getMeta(key),
  watch: (callback) =>
    storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback)),
});

/** The accounts, credentials included (upgraded by lib/store/accounts-upgrade.ts, not by @wxt-dev/storage's migrations). */
export const accountsItem = /* @__PURE__ */ storedItem<unknown>(ACCOUNTS_KEY, []);

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
export const versionOf = (meta: unknown): number =>
  isObject(meta) && typeof meta.v === 'number' ? meta.v : 1;

export async function storedVersion(item: StoredItem<unknown>): Promise<number> {
  return versionOf(await item.getMeta());
}

/** Every key stored now (none after "Remove all data"): a page's check that a removal was made. */
export const storedKeys = async (): Promise<string[]> =>
  Object.keys(await storage.snapshot('local'));

/**
 * A version marker as written: `<key>$` holding `{ v }`, whole. The one way one is written
 * (not storage.setMeta, which reads the stored metadata first to merge into it: one more read at
 * every write, and ours only ever holds the version).
 */
export const versionMarker = (key: StorageItemKey, version: number) => ({
  key: `${key}$` as const,
  value: { v: version },
});

/** Values by key, in one call to the browser (null where nothing is stored). */
export const readKeys = async (keys: readonly StorageItemKey[]): Promise<unknown[]> =>
  (await storage.getItems([...keys])).map((item): unknown => item.value);

/** Values written by key, in one call (one storage event). */
export const writeKeys = (items: { key: StorageItemKey; value: unknown }[]): Promise<void> =>
  storage.setItems(items);

/** Everything stored, gone ("Remove all data"). */
export const clearStorage = (): Promise<void> => storage.clear('local');

/** Calls back when the value at `key` changes; returns how to stop. */
export const watchKey = (key: StorageItemKey, changed: () => void): (() => void) =>
  storage.watch(key, changed);

let writes: Promise<unknown> = Promise.resolve();

/**
 * The one write queue: every write of stored data runs in it, one after another, so a
 * read-modify-write never loses another (writes.ts, and the accounts' upgrade).
 */
export function inWriteQueue<T>(work: () => Promise<T>): Promise<T> {
  const next = writes.then(work);
  writes = next.catch(() => undefined);
  return next;
}
