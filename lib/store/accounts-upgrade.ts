import { ACCOUNT_DEFAULTS, newAccountId } from './accounts';
import { isObject } from '../basics/guards';
import { inWriteQueue, readKeys, versionMarker, versionOf, writeKeys } from './items';
import { ACCOUNTS_KEY, VERSION } from './stored-names';

// The stored accounts' one migration (v1 → v2): a write, so the background's alone (the one
// writer), made in the write queue before a change of the accounts, and by a run whose read found
// it due. Pages only read: they show what is stored, and redraw when the upgrade is stored.

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

/**
 * Upgrades the stored accounts when they are at an older version; the caller holds the write
 * queue. A newer version's list is a state of its own (`locked`), not a failure: @wxt-dev/storage's
 * migrations would log it as an error at every start.
 */
export async function upgradeStoredAccounts(): Promise<void> {
  try {
    const [raw, meta] = await readKeys([ACCOUNTS_KEY, `${ACCOUNTS_KEY}$`]);
    if (raw === null || versionOf(meta) >= VERSION.accounts) return;
    await writeKeys([
      { key: ACCOUNTS_KEY, value: upgradeSingleAccount(raw) },
      versionMarker(ACCOUNTS_KEY, VERSION.accounts),
    ]);
  } catch (error) {
    console.error(
      'Storage Keeper: the stored accounts could not be upgraded; they are kept as they are',
      error,
    );
  }
}

/** The same, in the write queue: a run whose read found the upgrade due. */
export const upgradeAccounts = (): Promise<void> => inWriteQueue(upgradeStoredAccounts);
