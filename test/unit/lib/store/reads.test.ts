import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, storedSettings } from '@/lib/store/settings';
import { emptySnapshot } from '@/lib/store/account-state';
import { freshStorage } from '../../helpers/fresh-storage';
import { account as fixtureAccount } from '../../helpers/fixtures';

// Every test starts from raw storage.local and a freshly loaded storage module, as a new
// service worker or page does: the migrations run as they run for real users.

const account = fixtureAccount({ id: 'a1', userId: 'me', password: 'pw', apiKey: 'key' });

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('loadAccounts', () => {
  it('uses the first of two accounts with the same id; the second is kept aside as damaged, never used', async () => {
    const twin = { ...account, label: 'Work', userId: 'work' };
    await fakeBrowser.storage.local.set({ accounts: [account, twin], accounts$: { v: 2 } });
    const { accounts, damaged } = await (await freshStorage()).loadAccounts();
    expect(accounts).toEqual([account]);
    expect(damaged).toEqual([expect.objectContaining({ name: 'Work' })]);
    // Nothing is dropped from storage: the damaged one is still there to show.
    expect((await fakeBrowser.storage.local.get('accounts')).accounts).toEqual([account, twin]);
  });
});

describe('damaged entries', () => {
  it('falls back per item and per field in settings; corrupt accounts cost neither settings nor snapshots', async () => {
    const good = { ...emptySnapshot(), capacity: { quota: 10, used: 5, at: 1 } };
    await fakeBrowser.storage.local.set({
      accounts: 42,
      settings: {
        ...storedSettings(DEFAULT_SETTINGS),
        keepAliveHours: 'soon',
        refreshMinutes: 2,
        warningPercent: 80,
      },
      snapshots: { a1: good },
    });
    const storage = await freshStorage();
    expect(await storage.loadSettings()).toEqual({ ...DEFAULT_SETTINGS, warningPercent: 80 });
    expect(await storage.loadSnapshots()).toEqual({ a1: good });
    await fakeBrowser.storage.local.set({
      settings: { ...storedSettings(DEFAULT_SETTINGS), warningPercent: 99, criticalPercent: 50 },
    });
    expect(await storage.loadSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
