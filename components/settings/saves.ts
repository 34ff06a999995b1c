import { credentialsKey, type Account } from '@/lib/store/accounts';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import type { Settings } from '@/lib/store/settings';
import { sendCommand } from '../helpers/send-command';
import { sendChange, type ChangeOutcome } from '../helpers/send-change';

// The Settings page's changes of the accounts and the settings, each a command the background
// carries out (no page writes them). When no answer comes, what is stored says whether the
// change was made.

/** The stored account with this id, if any. */
const storedAccount = async (id: string) =>
  (await loadAccounts()).accounts.find((a) => a.id === id);

/**
 * Saves an account made from the stored one at `revision` (none: a new account). A stored save
 * that changed the credentials (`before`: the account as the page last read it) is followed by
 * its Check now, whatever became of the answer, so the popup has figures or the reason why not.
 */
export async function saveAccount(
  account: Account,
  revision: string | undefined,
  before: Account | undefined,
): Promise<ChangeOutcome<Account>> {
  const outcome = await sendChange<'saveAccount', Account>(
    'saveAccount',
    { account, ...(revision !== undefined && { revision }) },
    async () => revisionOf(await storedAccount(account.id)) === revisionOf(account),
  );
  if (outcome.kind === 'saved' && (!before || credentialsKey(before) !== credentialsKey(account)))
    sendCommand('checkNow', { accountId: account.id }).catch(() => undefined);
  return outcome;
}

export const removeAccount = (accountId: string) =>
  sendChange(
    'removeAccount',
    { accountId },
    async () => (await storedAccount(accountId)) === undefined,
  );

export const removeDamagedEntry = (key: string) =>
  sendChange(
    'removeDamagedEntry',
    { key },
    async () => !(await loadAccounts()).damaged.some((entry) => entry.key === key),
  );

export const removeAllData = () =>
  sendChange('removeAllData', undefined, async () => {
    const { accounts, damaged } = await loadAccounts();
    return accounts.length === 0 && damaged.length === 0;
  });

/** Saves the settings made from the stored ones at `revision`. */
export const saveSettings = (settings: Settings, revision: string) =>
  sendChange<'saveSettings', Settings>(
    'saveSettings',
    { settings, revision },
    async () => revisionOf(await loadSettings()) === revisionOf(settings),
  );

/**
 * An import: its accounts and its settings in one write, or neither. It names no revision, so
 * the background never answers it `newer`.
 */
export const importSettings = (
  accounts: Account[],
  settings: Settings | undefined,
): Promise<Exclude<ChangeOutcome, { kind: 'newer' }>> =>
  sendChange('importSettings', { accounts, ...(settings && { settings }) }, async () => {
    const [stored, storedSettings] = await Promise.all([loadAccounts(), loadSettings()]);
    const revisions = new Set(stored.accounts.map(revisionOf));
    return (
      accounts.every((a) => revisions.has(revisionOf(a))) &&
      (!settings || revisionOf(storedSettings) === revisionOf(settings))
    );
  }) as Promise<Exclude<ChangeOutcome, { kind: 'newer' }>>;
