import { accountIdentity, isStoredAccount, type Account } from '../store/accounts';
import { snapshotFor } from '../store/account-state';
import { loadAccounts } from '../store/reads';
import type { Settings } from '../store/settings';
import {
  importAccountsAndSettings,
  pruneActivity,
  pruneHistory,
  pruneSnapshots,
  removeAccount,
  removeAllData,
  removeDamagedEntry,
  saveAccount,
  saveSettings,
  StaleRevisionError,
  StorageLockedError,
} from '../store/writes';
import type { SaveAnswer } from '../outlook/command-replies';
import type { ChecksInFlight } from './checks-in-flight';

/**
 * Changes the stored data for a page (`write`: the change, saving `saved` and removing `removed`
 * of the accounts): the checks of the accounts it edits or removes stop before it is stored, so
 * nothing more goes out with what the user just replaced. Every outcome is an answer, never a
 * thrown error, so that a page tells a failure from an answer that never came: data of a newer
 * version, a change stored since the page's form began (`newer`: what is stored now), or the
 * write's own failure.
 */
export async function changeAccounts<Stored = never>(
  inFlight: ChecksInFlight,
  saved: readonly Account[],
  removed: readonly string[],
  write: () => Promise<unknown>,
): Promise<SaveAnswer<Stored>> {
  if (!saved.every(isStoredAccount)) return { failed: 'not an account' };
  const ids = [...saved.map((a) => a.id), ...removed];
  inFlight.willStore(saved, removed);
  try {
    await write();
  } catch (error) {
    inFlight.notStored(ids);
    if (error instanceof StorageLockedError) return { refused: error.reason };
    if (error instanceof StaleRevisionError) return { newer: (error.stored as Stored) ?? null };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  // What is stored now, as its storage change would say: a write that changed nothing fires no
  // storage event in Chromium, and its announcement must not outlive it (a save or an import).
  if (ids.length > 0) inFlight.stored((await loadAccounts()).accounts);
  return { saved: true };
}

/**
 * The Settings page's changes of the accounts and the settings, each carried out here, in the
 * background's one write queue (lib/store/writes.ts): no page writes them.
 */
export function pageChanges(inFlight: ChecksInFlight) {
  return {
    /** One account saved from the form that began at `revision` (none: a new account). */
    saveAccount: ({ account, revision }: { account: Account; revision?: string }) =>
      changeAccounts<Account>(inFlight, [account], [], () =>
        saveAccount(account, revision ?? null),
      ),

    removeAccount: ({ accountId }: { accountId: string }) =>
      changeAccounts(inFlight, [], [accountId], () => removeAccount(accountId)),

    /** An import: its accounts and its settings in one write, or neither. */
    importSettings: ({ accounts, settings }: { accounts: Account[]; settings?: Settings }) =>
      changeAccounts(inFlight, accounts, [], () => importAccountsAndSettings(accounts, settings)),

    /** A damaged entry the user removed (a valid account's checks are not its concern). */
    removeDamagedEntry: ({ key }: { key: string }) =>
      changeAccounts(inFlight, [], [], () => removeDamagedEntry(key)),

    /** "Remove all data": every account's checks stop first. */
    removeAllData: async (): Promise<SaveAnswer> => {
      const { accounts } = await loadAccounts();
      return changeAccounts(
        inFlight,
        [],
        accounts.map((a) => a.id),
        removeAllData,
      );
    },

    /** The settings saved from the form that began at `revision`. */
    saveSettings: ({ settings, revision }: { settings: Settings; revision: string }) =>
      changeAccounts<Settings>(inFlight, [], [], () => saveSettings(settings, revision)),
  };
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
