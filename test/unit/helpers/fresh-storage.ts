import { vi } from 'vitest';
import type { Account } from '@/lib/store/accounts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pageChanges } from './page-changes';
import { storeAccounts } from './harness';

/** The store's modules as a new worker or page loads them, afresh. */
export async function storeModules() {
  vi.resetModules();
  const reads = await import('@/lib/store/reads');
  const writes = await import('@/lib/store/writes');
  return {
    ...(await import('@/lib/store/items')),
    ...reads,
    ...(await import('@/lib/store/load-store')),
    ...(await import('@/lib/store/history-sources')),
    ...(await import('@/lib/store/storage-problems')),
    ...writes,
    ...pageChanges(writes.writeChange, reads),
  };
}

/** The store's modules afresh, with these accounts stored first: a reading or a log is kept only for a stored account. */
export async function storeModulesWith(...accounts: Account[]) {
  await storeAccounts(accounts);
  return storeModules();
}

/** The storage modules as a new worker loads them, its upgrade of the stored accounts run and awaited. */
export async function freshStorage() {
  const storage = await storeModules();
  await (await import('@/lib/store/accounts-upgrade')).upgradeAccounts();
  return storage;
}

/** What storage.local holds under a key (all of it without one), as written. */
export const raw = async (key?: string) =>
  key ? (await fakeBrowser.storage.local.get(key))[key] : fakeBrowser.storage.local.get();
