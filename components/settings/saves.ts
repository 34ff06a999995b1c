import type { PendingChange } from '@/lib/extension/change-port';
import { accountIdentity, type Account } from '@/lib/store/accounts';
import type { AccountFields, ImportedFile, ImportPlan } from '@/lib/store/changes';
import { storedKeys } from '@/lib/store/items';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import type { Settings } from '@/lib/store/settings';
import { sendChange } from '../helpers/send-change';

// The Settings page's changes of the accounts and the settings, each sent on the port its click
// began (the background plans and stores it). When no answer comes, what is stored says whether
// the change was made.

/** The stored account with this id, if any. */
const storedAccount = async (id: string) =>
  (await loadAccounts()).accounts.find((a) => a.id === id);

/** Whether `stored` has every one of `fields`. */
const hasFields = <T extends object>(stored: T, fields: Partial<T>) =>
  (Object.keys(fields) as (keyof T)[]).every((key) => stored[key] === fields[key]);

/** The fields the user changed over the stored account at `revision` (null: a new account). */
export const editAccount = (
  pending: PendingChange,
  accountId: string,
  fields: Partial<AccountFields>,
  revision: string | null,
) =>
  sendChange(pending, { kind: 'edit-account', accountId, fields, revision }, async () => {
    const stored = await storedAccount(accountId);
    return stored && hasFields<AccountFields>(stored, fields) ? stored : undefined;
  });

export const removeAccount = (pending: PendingChange, accountId: string) =>
  sendChange(pending, { kind: 'remove-account', accountId }, async () =>
    (await storedAccount(accountId)) === undefined ? true : undefined,
  );

export const removeDamaged = (pending: PendingChange, key: string) =>
  sendChange(pending, { kind: 'remove-damaged', key }, async () =>
    (await loadAccounts()).damaged.some((entry) => entry.key === key) ? undefined : true,
  );

/** "Remove all data": made when nothing at all is stored, not only no accounts. */
export const removeAll = (pending: PendingChange) =>
  sendChange(pending, { kind: 'remove-all' }, async () =>
    (await storedKeys()).length === 0 ? true : undefined,
  );

/** The settings the user changed over the stored ones at `revision`. */
export const editSettings = (pending: PendingChange, fields: Partial<Settings>, revision: string) =>
  sendChange(pending, { kind: 'edit-settings', fields, revision }, async () => {
    const stored = await loadSettings();
    return hasFields(stored, fields) ? stored : undefined;
  });

/** An account's values but its id (an added one gets its id in the background). */
const withoutId = ({ id: _id, ...fields }: Account) => revisionOf(fields);

/**
 * An import of `file`, made from what its preview showed (`previewed`: importBasis); `plan`, the
 * preview's, says after a lost answer whether storage holds it.
 */
export const importFile = (
  pending: PendingChange,
  file: ImportedFile,
  previewed: string,
  plan: ImportPlan,
) =>
  sendChange(pending, { kind: 'import', file, previewed }, async () => {
    const [{ accounts }, settings] = await Promise.all([loadAccounts(), loadSettings()]);
    const stored = new Set(accounts.map(withoutId));
    const identities = new Set(accounts.map(accountIdentity));
    const made =
      [...plan.added, ...plan.updated].every(
        (a) => identities.has(accountIdentity(a)) && stored.has(withoutId(a)),
      ) &&
      (!plan.settings || revisionOf(settings) === revisionOf(plan.settings));
    return made ? { added: plan.added.length, updated: plan.updated.length } : undefined;
  });
