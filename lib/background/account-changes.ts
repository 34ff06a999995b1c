import { accountIdentity, isStoredAccount, type Account } from '../store/accounts';
import { snapshotFor } from '../store/account-state';
import { pruneActivity, pruneHistory, pruneSnapshots, StorageLockedError } from '../store/writes';
import type { SaveAnswer } from '../outlook/command-replies';
import type { ChecksInFlight } from './checks-in-flight';

/**
 * Changes the stored accounts for a page (`write`: the change, saving `saved` and removing
 * `removed`): the checks of the accounts it edits or removes stop before it is stored, so
 * nothing more goes out with what the user just replaced.
 */
export async function changeAccounts(
  inFlight: ChecksInFlight,
  saved: readonly Account[],
  removed: readonly string[],
  write: () => Promise<void>,
): Promise<SaveAnswer> {
  if (!saved.every(isStoredAccount)) throw new Error('Storage Keeper: not an account.');
  inFlight.willStore(saved, removed);
  try {
    await write();
    return { saved: true };
  } catch (error) {
    inFlight.notStored([...saved.map((a) => a.id), ...removed]);
    if (error instanceof StorageLockedError) return { refused: error.reason };
    throw error;
  }
}

/**
 * What is stored about accounts that are gone, or edited to another server or user, is
 * forgotten: what the old one said, its history and its log.
 */
export async function forgetReplaced(accounts: readonly Account[]): Promise<void> {
  const find = (id: string) => accounts.find((a) => a.id === id);
  await pruneSnapshots((id, snapshot) => {
    const account = find(id);
    return account !== undefined && snapshotFor(account, snapshot) === snapshot;
  });
  const current = (id: string, identity: string | undefined) => {
    const account = find(id);
    return account !== undefined && accountIdentity(account) === identity;
  };
  await pruneHistory(current);
  await pruneActivity(current);
}
