import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const account = {
  id: 'a1', label: 'Home', baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key', keyForm: 'header', notifications: true,
};

/** The storage module as a new worker loads it (its migrations run at load). */
async function freshItems() {
  vi.resetModules();
  return import('@/lib/store/items');
}

beforeEach(() => fakeBrowser.reset());

describe('loadAccounts', () => {
  it('uses the first of two accounts with the same id; the second is kept aside as damaged, never used', async () => {
    const twin = { ...account, label: 'Work', userId: 'work' };
    await fakeBrowser.storage.local.set({ accounts: [account, twin], accounts$: { v: 2 } });
    const { accounts, damaged } = await (await freshItems()).loadAccounts();
    expect(accounts).toEqual([account]);
    expect(damaged).toEqual([expect.objectContaining({ name: 'Work' })]);
    // Nothing is dropped from storage: the damaged one is still there to show.
    expect((await fakeBrowser.storage.local.get('accounts')).accounts).toEqual([account, twin]);
  });
});
