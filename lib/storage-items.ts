import { storage } from '@wxt-dev/storage';
import { DEFAULT_KEY_FORM, newAccountId, type Account } from './accounts';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { AccountSnapshot } from './snapshot';

// Everything lives in storage.local: credentials must never reach storage.sync.

/** The first draft kept one account as a single object, without id, label or key form. */
interface AccountV1 {
  baseUrl: string;
  userId: string;
  password: string;
  apiKey: string;
}

/** The accounts, credentials included. */
export const accountsItem = storage.defineItem<Account[]>('local:accounts', {
  fallback: [],
  version: 2,
  migrations: {
    // A list is already the new layout (written after storage was cleared, before a version was).
    2: (old: AccountV1 | Account[] | null): Account[] => {
      if (Array.isArray(old)) return old;
      if (!old || typeof old !== 'object') return [];
      return [{ ...old, id: newAccountId(), label: '', keyForm: DEFAULT_KEY_FORM, notifications: true }];
    },
  },
});

/** Settings shared by all accounts. */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** What the background last learned about each account, by account id. */
export const snapshotsItem = storage.defineItem<Record<string, AccountSnapshot>>('local:snapshots', {
  fallback: {},
  version: 1,
});
