import { watchKey } from './items';
import { ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY } from './stored-names';

/** Calls back whenever the accounts, settings or snapshots change (a page watches its history apart); returns the function that stops watching. */
export function watchStorage(callback: () => void): () => void {
  const stops = ([ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY] as const).map((key) =>
    watchKey(key, callback),
  );
  return () => stops.forEach((stop) => stop());
}
