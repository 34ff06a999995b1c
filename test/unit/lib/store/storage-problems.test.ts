import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, storedSettings } from '@/lib/store/settings';
import { freshStorage, raw } from '../../helpers/fresh-storage';
import { account as fixtureAccount } from '../../helpers/fixtures';

// Every test starts from raw storage.local and a freshly loaded storage module, as a new
// service worker or page does: the migrations run as they run for real users.

const account = fixtureAccount({ id: 'a1', userId: 'me', password: 'pw', apiKey: 'key' });

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('a newer version’s data (a downgrade)', () => {
  it('reads what it can, writes nothing over it, and says so', async () => {
    const future = { ...account, colour: 'teal', keyForm: 'header' };
    await fakeBrowser.storage.local.set({
      accounts: [future, { id: 'x', kind: 'webdav-only' }],
      accounts$: { v: 3 },
      settings: {
        ...storedSettings({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 45 }),
        theme: 'dark',
      },
      settings$: { v: 2 },
    });
    const errors = vi.spyOn(console, 'error');
    const storage = await freshStorage();
    const loaded = await storage.loadAccounts();
    expect(loaded.accounts).toEqual([future]);
    expect(loaded.locked).toBe('newer-version');
    expect((await storage.loadSettings()).usageUpdateMinutes).toBe(45);
    expect(await storage.storageProblems()).toEqual([
      { item: 'accounts', reason: 'newer-version' },
      { item: 'settings', reason: 'newer-version' },
    ]);
    await expect(storage.saveAccount(account)).rejects.toMatchObject({ reason: 'newer-version' });
    await expect(storage.removeAccount(account.id)).rejects.toMatchObject({
      reason: 'newer-version',
    });
    await expect(storage.saveSettings(DEFAULT_SETTINGS)).rejects.toMatchObject({
      reason: 'newer-version',
    });
    expect(await raw('accounts')).toEqual([future, { id: 'x', kind: 'webdav-only' }]);
    expect(await raw('settings')).toMatchObject({ theme: 'dark' });
    // A state the pages name, not an error: nothing logged at each start.
    expect(errors).not.toHaveBeenCalled();
  });
});
