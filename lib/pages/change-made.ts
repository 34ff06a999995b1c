import { accountIdentity, type Account } from '@/lib/store/accounts';
import type { AccountFields } from '@/lib/store/fields';
import type { ImportPlan } from '@/lib/store/import-plan';
import { storedKeys } from '@/lib/store/items';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import type { Settings } from '@/lib/store/settings';

// How the Settings page tells, when a change's answer never came, whether storage holds it: each
// reads what is stored and gives what the change stored (undefined: not made). A page sends its
// change with sendChange (send-change.ts) and hands it the one for that change.

/** The stored account with this id, if any. */
const storedAccount = async (id: string) =>
  (await loadAccounts()).accounts.find((a) => a.id === id);

/** Whether `stored` has every one of `fields`. */
const hasFields = <T extends object>(stored: T, fields: Partial<T>) =>
  (Object.keys(fields) as (keyof T)[]).every((key) => stored[key] === fields[key]);

/** An account edit is stored when the stored account has every field the user changed. */
export const accountEdited = (accountId: string, fields: Partial<AccountFields>) => async () => {
  const stored = await storedAccount(accountId);
  return stored && hasFields<AccountFields>(stored, fields) ? stored : undefined;
};

export const accountRemoved = (accountId: string) => async () =>
  (await storedAccount(accountId)) === undefined ? (true as const) : undefined;

export const damagedRemoved = (key: string) => async () =>
  (await loadAccounts()).damaged.some((entry) => entry.key === key) ? undefined : (true as const);

/** "Remove all data": made when nothing at all is stored, not only no accounts. */
export const allRemoved = () => async () =>
  (await storedKeys()).length === 0 ? (true as const) : undefined;

/** A settings edit is stored when the stored settings have every field the user changed. */
export const settingsEdited = (fields: Partial<Settings>) => async () => {
  const stored = await loadSettings();
  return hasFields(stored, fields) ? stored : undefined;
};

/** An account's values but its id (an added one gets its id in the background). */
const withoutId = ({ id: _id, ...fields }: Account) => revisionOf(fields);

/** An import is stored when every account its preview's `plan` adds or updates is, and its settings. */
export const imported = (plan: ImportPlan) => async () => {
  const [{ accounts }, settings] = await Promise.all([loadAccounts(), loadSettings()]);
  const stored = new Set(accounts.map(withoutId));
  const identities = new Set(accounts.map(accountIdentity));
  const made =
    [...plan.added, ...plan.updated].every(
      (a) => identities.has(accountIdentity(a)) && stored.has(withoutId(a)),
    ) &&
    (!plan.settings || revisionOf(settings) === revisionOf(plan.settings));
  return made ? { added: plan.added.length, updated: plan.updated.length } : undefined;
};
