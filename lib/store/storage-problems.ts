import { settingsItem, storedVersion, type LockReason } from './items';
import { loadAccounts, type StoredAccounts } from './reads';
import { VERSION } from './stored-names';

// Stored data the pages cannot change, and say so: a newer version's accounts or settings, or
// accounts that are no list.

export interface StorageProblem {
  item: 'accounts' | 'settings';
  reason: LockReason;
}

/** What the pages should tell the user about stored data they cannot change (from the accounts, if the page has read them). */
export async function storageProblems(
  stored: Promise<StoredAccounts> = loadAccounts(),
): Promise<StorageProblem[]> {
  const [accounts, settingsVersion] = await Promise.all([stored, storedVersion(settingsItem)]);
  return problemsOf(accounts, settingsVersion);
}

/** The problems of accounts as read and of settings at `settingsVersion`. */
export function problemsOf(accounts: StoredAccounts, settingsVersion: number): StorageProblem[] {
  return [
    ...(accounts.locked ? [{ item: 'accounts' as const, reason: accounts.locked }] : []),
    ...(settingsVersion > VERSION.settings
      ? [{ item: 'settings' as const, reason: 'newer-version' as const }]
      : []),
  ];
}
