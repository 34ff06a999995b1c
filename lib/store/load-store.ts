import type { HistorySource } from './history-sources';
import { readKeys, versionOf } from './items';
import { accountsFrom, settingsFrom, snapshotsFrom } from './reads';
import { problemsOf } from './storage-problems';
import { ACCOUNTS_KEY, SETTINGS_KEY, SNAPSHOTS_KEY, VERSION } from './stored-names';

/**
 * What a page shows, or a background run works from: the accounts, snapshots, settings, what
 * may not be changed, and the `history` a page shows (none for a run). In one read of storage:
 * each read is a round trip to the browser, and the items read one by one took ten of them at
 * every popup open, some only after others.
 */
export async function loadStore(history?: HistorySource) {
  const keys = [
    ACCOUNTS_KEY,
    `${ACCOUNTS_KEY}$`,
    SETTINGS_KEY,
    `${SETTINGS_KEY}$`,
    SNAPSHOTS_KEY,
    ...(history ? [history.key] : []),
  ] as const;
  const [accounts, accountsMeta, settings, settingsMeta, snapshots, histories] =
    await readKeys(keys);
  const stored = accountsFrom(accounts ?? [], versionOf(accountsMeta));
  return {
    accounts: stored.accounts,
    damaged: stored.damaged,
    snapshots: snapshotsFrom(snapshots),
    history: history ? await history.read(histories) : {},
    settings: settingsFrom(settings),
    problems: problemsOf(stored, versionOf(settingsMeta)),
    /** The accounts are stored at an older version: the background upgrades them (a page only reads). */
    accountsUpgradeDue: accounts !== null && versionOf(accountsMeta) < VERSION.accounts,
  };
}
