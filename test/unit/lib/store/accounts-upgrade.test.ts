import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, storedSettings } from '@/lib/store/settings';
import { freshStorage, raw, storeModules } from '../../helpers/fresh-storage';
import { account as fixtureAccount } from '../../helpers/fixtures';

// Every test starts from raw storage.local and a freshly loaded storage module, as a new
// service worker or page does: the migrations run as they run for real users.

const account = fixtureAccount({ id: 'a1', userId: 'me', password: 'pw', apiKey: 'key' });
const other = { ...account, id: 'a2', label: 'Work', userId: 'work' };

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('migrations', () => {
  it("reads the first draft's single account and upgrades it to the list", async () => {
    await fakeBrowser.storage.local.set({
      accounts: {
        baseUrl: 'https://api.teracloud.jp',
        userId: 'me',
        password: 'pw',
        apiKey: 'key',
      },
    });
    const { accounts, damaged } = await (await freshStorage()).loadAccounts();
    expect(damaged).toEqual([]);
    expect(accounts).toEqual([
      { ...account, id: expect.stringMatching(/^[0-9a-f-]{36}$/), label: '' },
    ]);
    expect(await raw('accounts$')).toEqual({ v: 2 });
  });

  it("a page's reads never write: the draft's single account stays as stored until the background upgrades it", async () => {
    const v1 = { baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key' };
    await fakeBrowser.storage.local.set({ accounts: v1 });
    const page = await storeModules();
    await page.loadAccounts();
    await page.loadStore();
    expect(await raw()).toEqual({ accounts: v1 });
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'garbage'],
    ['version 0', { v: 0 }],
    ['version 1', { v: 1 }],
  ])('never turns a valid list into less when its version marker is %s', async (_name, marker) => {
    await fakeBrowser.storage.local.set({
      accounts: [account, other],
      ...(marker !== undefined && { accounts$: marker }),
    });
    const storage = await freshStorage();
    expect((await storage.loadAccounts()).accounts).toEqual([account, other]);
    expect(await raw('accounts')).toEqual([account, other]);
  });

  it('a fresh install: a list saved after the first start, and after "remove all data", survives the next start', async () => {
    let storage = await freshStorage(); // nothing stored yet
    await storage.saveAccount(account);
    storage = await freshStorage();
    expect((await storage.loadAccounts()).accounts).toEqual([account]);
    await storage.removeAllData();
    await storage.saveAccount(other); // same page, long after its migrations ran
    expect(await raw('accounts$')).toEqual({ v: 2 });
    storage = await freshStorage();
    expect((await storage.loadAccounts()).accounts).toEqual([other]);
  });

  it('a migration that throws leaves the other items working and writes nothing', async () => {
    vi.doMock('@/lib/store/accounts', async (original) => ({
      ...(await original<typeof import('@/lib/store/accounts')>()),
      newAccountId: () => {
        throw new Error('no randomness today');
      },
    }));
    const v1 = { baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key' };
    await fakeBrowser.storage.local.set({
      accounts: v1,
      settings: storedSettings({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 45 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = await freshStorage();
    vi.doUnmock('@/lib/store/accounts');
    expect((await storage.loadSettings()).usageUpdateMinutes).toBe(45);
    await storage.saveSettings({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 });
    expect((await storage.loadSettings()).usageUpdateMinutes).toBe(60);
    const accounts = await storage.loadAccounts();
    expect(accounts).toMatchObject({
      accounts: [],
      locked: 'not-a-list',
      damaged: [{ name: 'me' }],
    });
    await expect(storage.saveAccount(account)).rejects.toMatchObject({ reason: 'not-a-list' });
    expect(await raw('accounts')).toEqual(v1);
  });
});
