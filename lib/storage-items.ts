import { defineItem } from './storage-item';
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
export const accountsItem = defineItem<Account[]>('accounts', {
  fallback: [],
  version: 2,
  migrations: {
    2: (old: AccountV1): Account[] =>
      typeof old === 'object' && !Array.isArray(old)
        ? [{ ...old, id: newAccountId(), label: '', keyForm: DEFAULT_KEY_FORM, notifications: true }]
        : [],
  },
});

/** Settings shared by all accounts. */
export const settingsItem = defineItem<Settings>('settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** What the background last learned about each account, by account id. */
export const snapshotsItem = defineItem<Record<string, AccountSnapshot>>('snapshots', {
  fallback: {},
  version: 1,
});
