import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { emptySnapshot } from '@/lib/store/account-state';

// Every test starts from raw storage.local and a freshly loaded storage module, as a new
// service worker or page does: the migrations run as they run for real users.

const account = {
  id: 'a1', label: 'Home', baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key',
  keyForm: 'header' as const, notifications: true,
};
const other = { ...account, id: 'a2', label: 'Work', userId: 'work' };

/** The storage module as a new worker loads it (its migrations run at load). */
async function freshStorage() {
  vi.resetModules();
  const storage = { ...(await import('@/lib/store/items')), ...(await import('@/lib/store/writes')) };
  await storage.loadAccounts(); // waits for the migrations
  return storage;
}

const raw = async (key?: string) => (key ? (await fakeBrowser.storage.local.get(key))[key] : fakeBrowser.storage.local.get());

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('migrations', () => {
  it("reads the first draft's single account and upgrades it to the list", async () => {
    await fakeBrowser.storage.local.set({ accounts: { baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key' } });
    const { accounts, damaged } = await (await freshStorage()).loadAccounts();
    expect(damaged).toEqual([]);
    expect(accounts).toEqual([{ ...account, id: expect.stringMatching(/^[0-9a-f-]{36}$/), label: '' }]);
    expect(await raw('accounts$')).toEqual({ v: 2 });
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'garbage'],
    ['version 0', { v: 0 }],
    ['version 1', { v: 1 }],
  ])('never turns a valid list into less when its version marker is %s', async (_name, marker) => {
    await fakeBrowser.storage.local.set({ accounts: [account, other], ...(marker !== undefined && { accounts$: marker }) });
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
    await fakeBrowser.storage.local.set({ accounts: v1, settings: { ...DEFAULT_SETTINGS, refreshMinutes: 45 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = await freshStorage();
    vi.doUnmock('@/lib/store/accounts');
    expect((await storage.loadSettings()).refreshMinutes).toBe(45);
    await storage.saveSettings({ ...DEFAULT_SETTINGS, refreshMinutes: 60 });
    expect((await storage.loadSettings()).refreshMinutes).toBe(60);
    const accounts = await storage.loadAccounts();
    expect(accounts).toMatchObject({ accounts: [], locked: 'not-a-list', damaged: [{ name: 'me' }] });
    await expect(storage.saveAccount(account)).rejects.toMatchObject({ reason: 'not-a-list' });
    expect(await raw('accounts')).toEqual(v1);
  });
});

describe('damaged entries', () => {
  it('keeps an entry with one bad field, shows it as damaged, and never saves a list without it', async () => {
    const damaged = { ...other, keyForm: 'both' };
    await fakeBrowser.storage.local.set({ accounts: [account, damaged], accounts$: { v: 2 } });
    const storage = await freshStorage();
    const loaded = await storage.loadAccounts();
    expect(loaded.accounts).toEqual([account]);
    expect(loaded.damaged).toEqual([{ key: JSON.stringify(damaged), name: 'Work' }]);
    await storage.saveAccount({ ...account, label: 'House' }); // the user edits the other account
    expect(await raw('accounts')).toEqual([{ ...account, label: 'House' }, damaged]);
    await storage.removeAccount(account.id);
    expect(await raw('accounts')).toEqual([damaged]);
    await storage.removeDamagedEntry(loaded.damaged[0]!.key); // the user's decision
    expect(await raw('accounts')).toEqual([]);
  });

  it('an edit or removal of an account leaves a damaged entry with the same id as it is', async () => {
    const damaged = { ...account, label: 'Old home', keyForm: 'both' };
    await fakeBrowser.storage.local.set({ accounts: [damaged, account], accounts$: { v: 2 } });
    const storage = await freshStorage();
    await storage.saveAccount({ ...account, label: 'House' });
    expect(await raw('accounts')).toEqual([damaged, { ...account, label: 'House' }]);
    await storage.saveAccounts([{ ...account, label: 'Flat' }, other]);
    expect(await raw('accounts')).toEqual([damaged, { ...account, label: 'Flat' }, other]);
    await storage.removeAccount(account.id);
    expect(await raw('accounts')).toEqual([damaged, other]);
  });

  it('a list that is not a list is shown as damaged, kept, and reset only when the user removes it', async () => {
    await fakeBrowser.storage.local.set({ accounts: 'not a list', accounts$: { v: 2 } });
    const storage = await freshStorage();
    const loaded = await storage.loadAccounts();
    expect(loaded).toMatchObject({ accounts: [], locked: 'not-a-list' });
    await expect(storage.saveAccount(account)).rejects.toBeInstanceOf(storage.StorageLockedError);
    expect(await raw('accounts')).toBe('not a list');
    await storage.removeDamagedEntry(loaded.damaged[0]!.key);
    await storage.saveAccount(account);
    expect(await raw('accounts')).toEqual([account]);
  });

  it('falls back per item and per field in settings; corrupt accounts cost neither settings nor snapshots', async () => {
    const good = { ...emptySnapshot(), capacity: { quota: 10, used: 5, at: 1 } };
    await fakeBrowser.storage.local.set({
      accounts: 42,
      settings: { ...DEFAULT_SETTINGS, keepAliveHours: 'soon', refreshMinutes: 2, warningPercent: 80 },
      snapshots: { a1: good },
    });
    const storage = await freshStorage();
    expect(await storage.loadSettings()).toEqual({ ...DEFAULT_SETTINGS, warningPercent: 80 });
    expect(await storage.loadSnapshots()).toEqual({ a1: good });
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, warningPercent: 99, criticalPercent: 50 } });
    expect(await storage.loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a snapshot part by part: what is damaged starts over, the rest is kept', async () => {
    const capacity = { quota: 10, used: 5, at: 1 };
    await fakeBrowser.storage.local.set({
      snapshots: {
        a1: { ...emptySnapshot(), capacity, user: { node: 7, at: 1, apiKey: 'not an object' }, refresh: { consecutiveFailures: -1 } },
        a2: { keepAlive: 'x', refresh: { consecutiveFailures: 2, failure: { kind: 'from-the-future' } } },
        a3: 'junk',
      },
    });
    const snapshots = await (await freshStorage()).loadSnapshots();
    // Odd details are kept for the pages to show as unknown; a node that is not text is read again.
    expect(snapshots.a1).toEqual({ ...emptySnapshot(), capacity, user: { node: 7, at: 1, apiKey: 'not an object' }, nodeStale: true });
    expect(snapshots.a2).toEqual(emptySnapshot());
    expect(snapshots.a3).toEqual(emptySnapshot());
  });
});

describe('what the user was told (alerts)', () => {
  it('reads each field on its own: a damaged one takes its default, the others are kept', async () => {
    await fakeBrowser.storage.local.set({
      snapshots: {
        a1: { ...emptySnapshot(), alerts: { usage: 'warning', keepAliveNotices: 2, forecast: true, bonusEnd: '2027-01-31 09:00:00.0' } },
        a2: { ...emptySnapshot(), alerts: { usage: 'warning', keepAliveNotices: 2, forecast: 'yes', bonusEnd: 7 } },
        a3: { ...emptySnapshot(), alerts: { usage: 'normal', keepAliveNotices: 0 } }, // written before forecasts
      },
    });
    const snapshots = await (await freshStorage()).loadSnapshots();
    expect(snapshots.a1?.alerts).toEqual({ usage: 'warning', keepAliveNotices: 2, forecast: true, bonusEnd: '2027-01-31 09:00:00.0' });
    expect(snapshots.a2?.alerts).toEqual({ usage: 'warning', keepAliveNotices: 2, forecast: false });
    expect(snapshots.a3?.alerts).toEqual({ usage: 'normal', keepAliveNotices: 0, forecast: false });
  });
});

describe('a newer version’s data (a downgrade)', () => {
  it('reads what it can, writes nothing over it, and says so', async () => {
    const future = { ...account, colour: 'teal', keyForm: 'header' };
    await fakeBrowser.storage.local.set({
      accounts: [future, { id: 'x', kind: 'webdav-only' }],
      accounts$: { v: 3 },
      settings: { ...DEFAULT_SETTINGS, refreshMinutes: 45, theme: 'dark' },
      settings$: { v: 2 },
    });
    const errors = vi.spyOn(console, 'error');
    const storage = await freshStorage();
    const loaded = await storage.loadAccounts();
    expect(loaded.accounts).toEqual([future]);
    expect(loaded.locked).toBe('newer-version');
    expect((await storage.loadSettings()).refreshMinutes).toBe(45);
    expect(await storage.storageProblems()).toEqual([
      { item: 'accounts', reason: 'newer-version' },
      { item: 'settings', reason: 'newer-version' },
    ]);
    await expect(storage.saveAccount(account)).rejects.toMatchObject({ reason: 'newer-version' });
    await expect(storage.removeAccount(account.id)).rejects.toMatchObject({ reason: 'newer-version' });
    await expect(storage.saveSettings(DEFAULT_SETTINGS)).rejects.toMatchObject({ reason: 'newer-version' });
    expect(await raw('accounts')).toEqual([future, { id: 'x', kind: 'webdav-only' }]);
    expect(await raw('settings')).toMatchObject({ theme: 'dark' });
    // A state the pages name, not an error: nothing logged at each start.
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('writes', () => {
  it('never loses a concurrent update to another account', async () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ ...account, id, userId: id }));
    await fakeBrowser.storage.local.set({ accounts: four, accounts$: { v: 2 } });
    const storage = await freshStorage();
    await Promise.all(
      four.map((each, i) => storage.recordSnapshot(each, (s) => ({ ...(s ?? emptySnapshot()), capacity: { quota: 100, used: i, at: i } }))),
    );
    const all = await storage.loadSnapshots();
    expect(Object.keys(all).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(all.d?.capacity?.used).toBe(3);
  });

  it('forgets the snapshots it is told to', async () => {
    await fakeBrowser.storage.local.set({ snapshots: { a1: emptySnapshot(), gone: emptySnapshot() } });
    const storage = await freshStorage();
    await storage.pruneSnapshots((id) => id === 'a1');
    expect(Object.keys(await storage.loadSnapshots())).toEqual(['a1']);
  });

  it('keeps credentials in storage.local only', async () => {
    const storage = await freshStorage();
    await storage.saveAccount(account);
    expect(await fakeBrowser.storage.sync.get()).toEqual({});
    expect(await raw('accounts')).toEqual([account]);
  });
});
