import { useRef, useState } from 'preact/hooks';
import { beginChange } from '@/lib/extension/change-port';
import type { AccountDraft } from '@/lib/input/form-schemas';
import type { Account } from '@/lib/store/accounts';
import { changedFields } from '@/lib/store/fields';
import { revisionOf } from '@/lib/store/revision';
import { draftOf } from './use-account-draft';
import { useOneAtATime } from './use-one-at-a-time';
import { sendChange } from '@/lib/pages/send-change';
import { accountEdited } from '@/lib/pages/change-made';
import type { Unsaved } from './SaveOutcome';

interface Options {
  accountId: string;
  /** The stored account the form opened on (none: a new account). */
  stored: Account | undefined;
  /** Validates the form and asks for its hosts (its first await: inside the click): the values to save, or none. */
  prepare: () => Promise<AccountDraft | undefined>;
  /** Stored, and no other save of the form waiting: what is stored now. */
  onSaved: (saved: Account) => void;
}

/**
 * An account form's saves, one at a time: each sends the fields the user changed over the stored
 * account the form was made from (`base`), with its revision; a save clicked while another is on
 * its way waits for its answer, then goes out over what that one stored, or not at all when it
 * was not stored (the form says why). `unsaved`: why the last save was not made.
 */
export function useAccountSave({ accountId, stored, prepare, onSaved }: Options) {
  const baseRef = useRef(stored);
  const { queue, busy } = useOneAtATime();
  const [unsaved, setUnsaved] = useState<Unsaved<Account>>();

  /** Saves; Keep mine saves the user's changes over the newer stored account `over` (null: removed meanwhile, added again). */
  function save(event: Event, over?: Account | null) {
    event.preventDefault();
    // At the click, before the prompt: the account's checks stop (its Test connection too, in any
    // tab) until the change is stored or given up.
    const pending = beginChange(accountId);
    const ready = prepare();
    void queue.run(async (previousMade) => {
      const valid = await ready;
      if (!valid || !previousMade) {
        pending.close();
        // Nothing sent: an invalid form passes on what the save before it did.
        return valid ? false : previousMade;
      }
      // Compared as the form shows the base (its key source named), so only the user's edits go.
      const base = over === null ? undefined : baseRef.current;
      const fields = changedFields(
        { ...valid, id: accountId },
        base && { ...base, ...draftOf(base) },
      );
      const from = over === undefined ? baseRef.current : (over ?? undefined);
      if (from && Object.keys(fields).length === 0) {
        // The user changed nothing over what is stored: nothing to send.
        pending.close();
        baseRef.current = from;
        if (queue.begun === 1) onSaved(from);
        return true;
      }
      const revision = from ? revisionOf(from) : null;
      const outcome = await sendChange(
        pending,
        { kind: 'edit-account', accountId, fields, revision },
        accountEdited(accountId, fields),
      );
      if (outcome.kind !== 'saved') {
        setUnsaved(outcome);
        return false;
      }
      baseRef.current = outcome.saved;
      setUnsaved(undefined);
      if (queue.begun === 1) onSaved(outcome.saved);
      return true;
    });
  }

  /** The stored account taken into the form: saves are made from it now. */
  function takeBase(from: Account) {
    baseRef.current = from;
    setUnsaved(undefined);
  }

  return { save, saving: busy, unsaved, baseRef, takeBase };
}
