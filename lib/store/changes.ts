import { isStoredAccount, type Account } from './accounts';
import { isStoredSetting } from './reads';
import { revisionOf } from './revision';
import { mergeSettings, type Settings } from './settings';
import type { LockReason } from './items';

// What a page asks the background to change: what the user did (the fields they changed, with the
// revision their form started from; an import's file, with the revision of what its preview
// showed), never a finished plan. The background plans each change here, from what is stored
// when it runs (lib/store/writes.ts), so a change made from an older read never undoes a newer one.

import type { AccountFields } from './fields';
import type { ImportedFile, ImportPlan } from './import-plan';

/** Every change a page asks for: what the user did, and the revision it was made from. */
export type Change =
  /** An account's form saved: the fields the user changed over the stored account at `revision` (null: a new account, every field). */
  | {
      kind: 'edit-account';
      accountId: string;
      fields: Partial<AccountFields>;
      revision: string | null;
    }
  | { kind: 'remove-account'; accountId: string }
  /** An import of `file`, planned from what its preview showed (`previewed`: importBasis). */
  | { kind: 'import'; file: ImportedFile; previewed: string }
  /** A damaged entry the user removed (by its text). */
  | { kind: 'remove-damaged'; key: string }
  /** "Remove all data". */
  | { kind: 'remove-all' }
  /** The settings form saved: the fields the user changed over the stored settings at `revision`. */
  | { kind: 'edit-settings'; fields: Partial<Settings>; revision: string }
  /** The popup's fix for a key refused in the header, on the account as it showed it (`revision`). */
  | { kind: 'key-in-address'; accountId: string; revision: string };

export type ChangeKind = Change['kind'];

/** What came of a change: done (with what is stored now), refused, made from an older revision, or failed. */
export type Outcome<Saved, Newer> =
  | { saved: Saved }
  /** Data the extension cannot read is not overwritten. */
  | { refused: LockReason }
  /** Made from an older revision than the one stored: what is stored now (null: removed meanwhile). */
  | { newer: Newer }
  /** The background could not carry it out: why. */
  | { failed: string };

/** What an import did. */
export interface ImportCounts {
  added: number;
  updated: number;
}

/** An import refused as out of date: its preview planned again over what is stored now, and that plan's basis (for the next Import to name). */
export interface ImportReplanned {
  plan: ImportPlan;
  previewed: string;
}

/** Each change's outcome: an import's `newer` is its preview planned again over what is stored now. */
export interface ChangeOutcomes {
  'edit-account': Outcome<Account, Account | null>;
  'remove-account': Outcome<true, never>;
  import: Outcome<ImportCounts, ImportReplanned>;
  'remove-damaged': Outcome<true, never>;
  'remove-all': Outcome<true, never>;
  'edit-settings': Outcome<Settings, Settings>;
  'key-in-address': Outcome<Account, Account | null>;
}

export type OutcomeOf<K extends ChangeKind> = ChangeOutcomes[K];

/** A change that cannot be made as asked (a page's bug, or fields that no longer fit): why, in words. */
export class UnplannableChange extends Error {}

/** A change made from an older revision: what is stored now. */
export class NewerStored<T> extends Error {
  constructor(readonly stored: T) {
    super('a newer version is stored');
  }
}

/**
 * An account's edit over the stored one (`stored`: none when there is none): the account to
 * store, or NewerStored when it was made from another revision than the stored one (unless the
 * stored account already has every changed field: the same save arriving twice).
 */
export function planAccountEdit(
  stored: Account | undefined,
  change: Extract<Change, { kind: 'edit-account' | 'key-in-address' }>,
): Account {
  const fields: Partial<AccountFields> =
    change.kind === 'key-in-address' ? { keyForm: 'matrix' } : change.fields;
  const next = { ...stored, ...fields, id: change.accountId };
  const storedRevision = stored === undefined ? null : revisionOf(stored);
  if (storedRevision !== change.revision && !(stored && revisionOf(next) === storedRevision))
    throw new NewerStored(stored ?? null);
  if (!isStoredAccount(next)) throw new UnplannableChange('not an account');
  return next;
}

/** The settings' edit over the stored ones, or NewerStored when made from other stored settings. */
export function planSettingsEdit(
  stored: Settings,
  change: Extract<Change, { kind: 'edit-settings' }>,
): Settings {
  const wanted = { ...stored, ...change.fields };
  const storedRevision = revisionOf(stored);
  if (storedRevision !== change.revision && revisionOf(wanted) !== storedRevision)
    throw new NewerStored(stored);
  const { settings, errors } = mergeSettings(stored, wanted, (key, value) =>
    isStoredSetting(key, value) ? undefined : 'errorInvalid',
  );
  const error = Object.values(errors)[0];
  if (error) throw new UnplannableChange(error);
  return settings;
}
