import { removeAccount, saveAccounts, StorageLockedError } from '@/lib/store/writes';
import type { SaveAnswer } from '@/lib/extension/messages';

/** A page's commands that change the stored accounts, answered as the background stores them (without its checks to stop). */
async function stored(write: () => Promise<void>): Promise<SaveAnswer> {
  try {
    await write();
    return { saved: true };
  } catch (error) {
    if (error instanceof StorageLockedError) return { refused: error.reason };
    throw error;
  }
}

export const storingAccountCommands = {
  saveAccounts: ({ accounts }: { accounts: Parameters<typeof saveAccounts>[0] }) =>
    stored(() => saveAccounts(accounts)),
  removeAccount: ({ accountId }: { accountId: string }) => stored(() => removeAccount(accountId)),
};
