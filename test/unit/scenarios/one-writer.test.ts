import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoAccount } from '../../../testbed/simulator/simulator';
import { sendMessage } from '@/lib/extension/messages';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { saveAccount } from '@/lib/store/writes';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { clock, fireAlarm, HOUR, backgroundSuite } from '../helpers/harness';

// Every change of the accounts and settings is a command the background carries out: a save
// names the revision its form began from and is refused when a newer one is stored; a Save's
// click holds the account's checks until the change is stored or given up; a save that changes
// nothing leaves nothing behind; an import stores its accounts and settings together or not at all.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [
    demoAccount({ userId: 'alice' }),
    demoAccount({ userId: 'bob', password: 'pw-b', apiKey: 'key-b' }),
  ],
});

afterEach(() => vi.restoreAllMocks());

describe('a save made from what the user saw', () => {
  it('two tabs: the one whose form began before the other’s save is refused, with the stored account; storage keeps the newer', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const opened = stored('alice');
    // Tab 2 moves the account to bob's credentials.
    const moved = stored('bob', { id: opened.id, label: 'alice' });
    expect(
      await sendMessage('saveAccount', { account: moved, revision: revisionOf(opened) }),
    ).toEqual({ saved: true });
    // Tab 1, opened before, saves what it showed.
    expect(
      await sendMessage('saveAccount', { account: opened, revision: revisionOf(opened) }),
    ).toEqual({ newer: moved });
    expect((await loadAccounts()).accounts).toEqual([moved]);
    // Keep mine: saved again over the newer revision.
    expect(
      await sendMessage('saveAccount', { account: opened, revision: revisionOf(moved) }),
    ).toEqual({ saved: true });
    expect((await loadAccounts()).accounts).toEqual([opened]);
  });

  it('a new account whose id is stored meanwhile, and an account removed meanwhile, are refused', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const other = stored('bob', { id: stored('alice').id });
    expect(await sendMessage('saveAccount', { account: other })).toEqual({
      newer: stored('alice'),
    });
    await sendMessage('removeAccount', { accountId: other.id });
    expect(
      await sendMessage('saveAccount', {
        account: other,
        revision: revisionOf(stored('alice')),
      }),
    ).toEqual({ newer: null });
  });

  it('the settings: a save from older settings is refused with the stored ones', async () => {
    await freshBrowser();
    newWorker({ listening: true });
    const base = await loadSettings();
    const theirs = { ...DEFAULT_SETTINGS, refreshMinutes: 60 };
    expect(
      await sendMessage('saveSettings', { settings: theirs, revision: revisionOf(base) }),
    ).toEqual({ saved: true });
    const mine = { ...DEFAULT_SETTINGS, warningPercent: 80 };
    expect(
      await sendMessage('saveSettings', { settings: mine, revision: revisionOf(base) }),
    ).toEqual({ newer: theirs });
    expect(await loadSettings()).toEqual(theirs);
  });
});

describe('from the click', () => {
  it('a held account sends nothing, whatever the alarms do, until the hold is released', async () => {
    await freshBrowser([stored('alice')]);
    const worker = newWorker({ listening: true });
    await vi.waitFor(() => expect(sim().requests.length).toBeGreaterThan(0), { timeout: 5_000 });
    await vi.waitFor(() => expect(sim().requests.every((r) => r.status !== 0)).toBe(true), {
      timeout: 5_000,
    });
    const release = worker.holdChecks(stored('alice').id);
    const from = sim().requests.length;
    await worker.checkNow({});
    await fireAlarm('retry');
    await worker.onPermissionsAdded();
    expect(sim().requests.length).toBe(from);
    release();
    clock.now += HOUR;
    await worker.checkNow({});
    expect(sim().requests.length).toBeGreaterThan(from);
  });

  it('a hold through the page’s port, released when the page lets go', async () => {
    await freshBrowser([stored('alice')]);
    const worker = newWorker({ listening: true });
    await vi.waitFor(() => expect(sim().requests.every((r) => r.status !== 0)).toBe(true), {
      timeout: 5_000,
    });
    const port = fakeBrowser.runtime.connect({ name: `hold-checks:${stored('alice').id}` });
    const from = sim().requests.length;
    await worker.checkNow({});
    expect(sim().requests.length).toBe(from);
    port.disconnect();
    clock.now += HOUR;
    await worker.checkNow({});
    expect(sim().requests.length).toBeGreaterThan(from);
  });

  it('a save that changes nothing leaves nothing behind: the address-form fix that follows checks the account', async () => {
    await freshBrowser([stored('alice', { keyForm: 'header' })]);
    newWorker({ listening: true });
    await vi.waitFor(() => expect(sim().requests.every((r) => r.status !== 0)).toBe(true), {
      timeout: 5_000,
    });
    const same = stored('alice', { keyForm: 'header' });
    expect(await sendMessage('saveAccount', { account: same, revision: revisionOf(same) })).toEqual(
      { saved: true },
    );
    clock.now += HOUR; // not "checked moments ago"
    const from = sim().requests.length;
    expect(await sendMessage('useAddressForm', { accountId: same.id })).toEqual({});
    expect(
      sim()
        .requests.slice(from)
        .map((r) => r.server),
    ).toEqual(['api', 'node']);
  });
});

describe('all or nothing', () => {
  it('an import whose settings may not be written stores neither its accounts nor its settings', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    await fakeBrowser.storage.local.set({ settings$: { v: 99 } });
    const answer = await sendMessage('importSettings', {
      accounts: [stored('bob')],
      settings: { ...DEFAULT_SETTINGS, refreshMinutes: 60 },
    });
    expect(answer).toEqual({ refused: 'newer-version' });
    expect((await loadAccounts()).accounts).toEqual([stored('alice')]);
  });

  it('an import stores both in one write', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const local = fakeBrowser.storage.local as unknown as {
      set(items: Record<string, unknown>): Promise<void>;
    };
    const set = local.set.bind(local);
    const writes: string[][] = [];
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      writes.push(Object.keys(items).sort());
      return set(items);
    });
    const settings = { ...DEFAULT_SETTINGS, refreshMinutes: 60 };
    expect(await sendMessage('importSettings', { accounts: [stored('bob')], settings })).toEqual({
      saved: true,
    });
    expect(writes[0]).toEqual(['accounts', 'accounts$', 'settings']);
    expect(await loadSettings()).toEqual(settings);
  });
});

describe('a save of what is stored', () => {
  it('writes nothing, whatever the order of the keys the page sent (Chromium gives them back sorted)', async () => {
    await freshBrowser([stored('alice')]);
    const sorted = Object.fromEntries(
      Object.entries(stored('alice')).sort(([a], [b]) => a.localeCompare(b)),
    ) as ReturnType<typeof stored>;
    await fakeBrowser.storage.local.set({ accounts: [sorted] });
    const reversed = Object.fromEntries(Object.entries(sorted).reverse()) as typeof sorted;
    expect(await saveAccount(reversed, revisionOf(sorted))).toBe(false);
  });
});
