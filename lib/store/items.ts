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

// Every stored item and its version marker. Keys and versions are in lib/store/stored-names.ts;
// reads go through lib/store/reads.ts, changes through lib/store/writes.ts. Everything lives in
// storage.local: credentials must never reach storage.sync. Items are typed `unknown` on
// purpose: what is stored is read through the guards of reads.ts.

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

/** The accounts, credentials included (versioned by lib/store/accounts-upgrade.ts, not by @wxt-dev/storage). */
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
