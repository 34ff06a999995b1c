import { changedFields } from '@/lib/store/fields';
import { importBasis, type ImportedFile } from '@/lib/store/import-plan';
import { revisionOf } from '@/lib/store/revision';
import type { Account } from '@/lib/store/accounts';
import type { Settings } from '@/lib/store/settings';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import type { writeChange as WriteChange } from '@/lib/store/writes';

/**
 * The changes a page sends, made from what is stored when called (as a form opened just now
 * would make them), written by `writeChange` with no checks to stop: for store tests that need
 * the data changed, not the race. Each resolves with what the writer answered.
 */
export function pageChanges(
  writeChange: typeof WriteChange,
  reads = { loadAccounts, loadSettings },
) {
  const none = () => undefined;
  const storedAccount = async (id: string) =>
    (await reads.loadAccounts()).accounts.find((a) => a.id === id);
  return {
    /** The whole account saved from the stored one with its id (none: added). */
    saveAccount: async (account: Account) => {
      const stored = await storedAccount(account.id);
      return writeChange(
        {
          kind: 'edit-account',
          accountId: account.id,
          fields: changedFields(account, stored),
          revision: stored ? revisionOf(stored) : null,
        },
        none,
      );
    },
    removeAccount: (accountId: string) => writeChange({ kind: 'remove-account', accountId }, none),
    removeDamagedEntry: (key: string) => writeChange({ kind: 'remove-damaged', key }, none),
    removeAllData: () => writeChange({ kind: 'remove-all' }, none),
    /** The settings saved whole over the stored ones. */
    saveSettings: async (settings: Settings) => {
      const stored = await reads.loadSettings();
      return writeChange(
        { kind: 'edit-settings', fields: settings, revision: revisionOf(stored) },
        none,
      );
    },
    /** An import of `file` previewed just now. */
    importFile: async (file: ImportedFile, newId?: () => string) => {
      const [{ accounts }, settings] = await Promise.all([
        reads.loadAccounts(),
        reads.loadSettings(),
      ]);
      return writeChange(
        { kind: 'import', file, previewed: importBasis(file, accounts, settings) },
        none,
        newId,
      );
    },
  };
}

/**
 * An account's form saved as the Settings page sends it: the fields that differ from `base`, the
 * account its form began from (none: a new account), with base's revision.
 */
export const accountEdit = (account: Account, base?: Account) =>
  ({
    kind: 'edit-account',
    accountId: account.id,
    fields: changedFields(account, base),
    revision: base ? revisionOf(base) : null,
  }) as const;
