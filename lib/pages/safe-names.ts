import { accountName, type Account } from '@/lib/store/accounts';

// Names for what may be damaged in storage: they never throw, whatever the stored value.

/** The host (and port) of an address, or the text itself when it is not an address. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return String(url);
  }
}

/** The account's name, or undefined when its stored name fields are not text. */
export function safeAccountName(account: Account): string | undefined {
  try {
    return accountName(account) || undefined;
  } catch {
    return undefined;
  }
}
