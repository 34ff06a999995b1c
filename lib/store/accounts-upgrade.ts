import { storage } from '@wxt-dev/storage';
import { ACCOUNT_DEFAULTS, newAccountId } from './accounts';
import { isObject } from '../basics/guards';
import { versionOf } from './items';
import { ACCOUNTS_KEY, VERSION } from './stored-names';

// The stored accounts' one migration (v1 → v2): a write, so the background's alone (the one
// writer), run once per worker before it reads or writes the accounts. Pages only read: they show
// what is stored, and redraw when the background's upgrade is stored.

/**
 * v1 → v2: the first draft kept one account as a single object. Only that shape becomes a
 * list; anything else (a list whose version marker was lost, junk) is left as it is, so a
 * migration never turns data into less data.
 */
function upgradeSingleAccount(old: unknown): unknown {
  if (
    !isObject(old) ||
    !['baseUrl', 'userId', 'password', 'apiKey'].every((key) => typeof old[key] === 'string')
  )
    return old;
  const { baseUrl, userId, password, apiKey } = old as Record<
    'baseUrl' | 'userId' | 'password' | 'apiKey',
    string
  >;
  return [{ ...ACCOUNT_DEFAULTS, id: newAccountId(), baseUrl, userId, password, apiKey }];
}

/** The stored accounts and their metadata (`accounts$`), as they are. */
const readAccounts = async (): Promise<[unknown, unknown]> => {
  const [raw, meta] = await storage.getItems([ACCOUNTS_KEY, `${ACCOUNTS_KEY}$` as const]);
  return [raw?.value, meta?.value];
};

let migrated: Promise<void> | undefined;

/**
 * The stored accounts at this version, once per worker, before it reads or writes them. A newer
 * version's list is a state of its own (`locked`), not a failure: @wxt-dev/storage's migrations
 * would log it as an error at every start.
 */
export function accountsReady(): Promise<void> {
  // By key, not through accountsItem: a definition reads its item.
  migrated ??= (async () => {
    const [raw, meta] = await readAccounts();
    if (raw === null || versionOf(meta) >= VERSION.accounts) return;
    await storage.setItem(ACCOUNTS_KEY, upgradeSingleAccount(raw));
    await storage.setMeta(ACCOUNTS_KEY, { v: VERSION.accounts });
  })().catch((error: unknown) =>
    console.error(
      'Storage Keeper: the stored accounts could not be upgraded; they are kept as they are',
      error,
    ),
  );
  return migrated;
}
