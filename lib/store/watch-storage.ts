import { storage } from '@wxt-dev/storage';
import { ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY } from './stored-names';

/** Calls back whenever the accounts, settings or snapshots change (a page watches its history apart); returns the function that stops watching. */
export function watchStorage(callback: () => void): () => void {
  // By key: watching through an item would define it, and a definition reads the item.
  const stops = ([ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY] as const).map((key) =>
    storage.watch(key, callback),
  );
  return () => stops.forEach((stop) => stop());
}
