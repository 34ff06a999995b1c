import { accountIdentity, type Account } from '../store/accounts';
import { snapshotFor } from '../store/account-state';
import { NewerStored, UnplannableChange, type Change, type OutcomeOf } from '../store/changes';
import {
  StorageLockedError,
  pruneActivity,
  pruneHistory,
  pruneSnapshots,
  writeChange,
} from '../store/writes';
import { loadAccounts } from '../store/reads';
import type { ChecksInFlight } from './checks-in-flight';

/**
 * One page's change, from its click (lib/extension/change-port.ts): the account it names (none:
 * every account) is held at once, so nothing more goes out with what the user is replacing; the
 * port's close ends the hold if the change has not.
 */
export function changeSession(
  inFlight: ChecksInFlight,
  accountId: string | undefined,
  check: (accountId: string) => void,
) {
  const hold = inFlight.hold(accountId);
  return {
    /**
     * Carries out the change (lib/store/changes.ts: what the user did, planned in the write queue
     * over what is stored then): the checks of the accounts it edits or removes stop before it is
     * stored, and this page's hold ends with it. Every outcome is an answer, never a thrown
     * error, so a page tells a failure from an answer that never came. An account saved with new
     * credentials is checked at once (`check`), so the popup has figures or the reason why not.
     */
    async carryOut<K extends Change['kind']>(
      change: Extract<Change, { kind: K }>,
    ): Promise<OutcomeOf<K>> {
      let announced: string[] = [];
      try {
        const { answer, recheck } = await writeChange(change, (saved, removed) => {
          announced = [...saved.map((a) => a.id), ...removed];
          inFlight.willStore(saved, removed, hold);
        });
        // What is stored now, as its storage change would say: a write that changed nothing
        // fires no storage event in Chromium, and its announcement must not outlive it.
        if (announced.length > 0) inFlight.stored((await loadAccounts()).accounts);
        if (recheck !== undefined) check(recheck);
        return answer;
      } catch (error) {
        inFlight.notStored(announced);
        return refusal(error) as OutcomeOf<K>;
      }
    },
    close: () => hold.release(),
  };
}

/** A change not made, as the page reads it. */
function refusal(error: unknown): OutcomeOf<Change['kind']> {
  if (error instanceof StorageLockedError) return { refused: error.reason };
  if (error instanceof NewerStored) return { newer: error.stored as never };
  if (error instanceof UnplannableChange) return { failed: error.message };
  return { failed: error instanceof Error ? error.message : String(error) };
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
