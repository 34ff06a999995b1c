import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { accountsItem, settingsItem, snapshotsItem } from '@/lib/storage-items';
import { loadAccounts, loadSettings, loadSnapshots, pruneSnapshots, updateSnapshot } from '@/lib/stored-state';
import { emptySnapshot } from '@/lib/snapshot';

const account = {
  id: 'a1', label: 'Home', baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key',
  keyForm: 'header' as const, notifications: true,
};

beforeEach(() => fakeBrowser.reset());

describe('migrations', () => {
  it('reads the first draft\'s single account and upgrades it to the list', async () => {
    await fakeBrowser.storage.local.set({
      accounts: { baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key' },
    });
    await accountsItem.migrate();
    const [migrated, ...rest] = await loadAccounts();
    expect(rest).toEqual([]);
    expect(migrated).toMatchObject({ baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key', keyForm: 'header', label: '', notifications: true });
    expect(migrated?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fakeBrowser.storage.local.get('accounts$')).toEqual({ accounts$: { v: 2 } });
  });

  it('leaves data already at the current version untouched', async () => {
    await fakeBrowser.storage.local.set({ accounts: [account], accounts$: { v: 2 } });
    await accountsItem.migrate();
    expect(await loadAccounts()).toEqual([account]);
  });

  it('writes the version with every value, so a value saved after "remove all data" is never migrated again', async () => {
    await accountsItem.setValue([account]);
    expect(await fakeBrowser.storage.local.get('accounts$')).toEqual({ accounts$: { v: 2 } });
    await accountsItem.migrate();
    expect(await loadAccounts()).toEqual([account]);
  });

  it('tells watchers about new values, and stops when asked', async () => {
    const seen: unknown[] = [];
    const stop = accountsItem.watch((value) => seen.push(value));
    await accountsItem.setValue([account]);
    stop();
    await accountsItem.setValue([]);
    expect(seen).toEqual([[account]]);
  });
});

describe('corrupt storage', () => {
  it('skips a corrupt account entry and keeps the valid ones', async () => {
    await fakeBrowser.storage.local.set({ accounts: [account, { id: 7 }, 'junk'] });
    expect(await loadAccounts()).toEqual([account]);
  });

  it('falls back per item: corrupt accounts cost neither settings nor snapshots', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, refreshMinutes: 45 });
    await snapshotsItem.setValue({ a1: emptySnapshot() });
    await fakeBrowser.storage.local.set({ accounts: 'not a list' });
    expect(await loadAccounts()).toEqual([]);
    expect((await loadSettings()).refreshMinutes).toBe(45);
    expect(await loadSnapshots()).toEqual({ a1: emptySnapshot() });
  });

  it('falls back per field in settings', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, keepAliveHours: 'soon', refreshMinutes: 2, warningPercent: 80 } });
    expect(await loadSettings()).toEqual({ ...DEFAULT_SETTINGS, warningPercent: 80 });
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, warningPercent: 99, criticalPercent: 50 } });
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
    await fakeBrowser.storage.local.set({ settings: 42 });
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('starts a corrupt snapshot over and keeps the others', async () => {
    const good = { ...emptySnapshot(), capacity: { quota: 10, used: 5, at: 1 } };
    await fakeBrowser.storage.local.set({ snapshots: { a1: good, a2: { keepAlive: 'x' } } });
    expect(await loadSnapshots()).toEqual({ a1: good, a2: emptySnapshot() });
  });
});

describe('snapshot writes', () => {
  it('never loses a concurrent update to another account', async () => {
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((id, i) => updateSnapshot(id, (s) => ({ ...s, capacity: { quota: 100, used: i, at: i } }))),
    );
    const all = await loadSnapshots();
    expect(Object.keys(all).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(all.d?.capacity?.used).toBe(3);
  });

  it('forgets the snapshots of removed accounts', async () => {
    await snapshotsItem.setValue({ a1: emptySnapshot(), gone: emptySnapshot() });
    await pruneSnapshots([account]);
    expect(Object.keys(await loadSnapshots())).toEqual(['a1']);
  });

  it('keeps credentials in storage.local only', async () => {
    await accountsItem.setValue([account]);
    expect(await fakeBrowser.storage.sync.get()).toEqual({});
    expect(await fakeBrowser.storage.local.get('accounts')).toEqual({ accounts: [account] });
  });
});
