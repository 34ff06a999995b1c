import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { emptySnapshot } from '@/lib/store/account-state';
import { importBasis } from '@/lib/store/import-plan';
import { revisionOf } from '@/lib/store/revision';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { freshStorage, raw } from '../../helpers/fresh-storage';
import { account as fixtureAccount } from '../../helpers/fixtures';

// Every test starts from raw storage.local and a freshly loaded storage module, as a new
// service worker or page does: the migrations run as they run for real users.

const account = fixtureAccount({ id: 'a1', userId: 'me', password: 'pw', apiKey: 'key' });
const other = { ...account, id: 'a2', label: 'Work', userId: 'work' };

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

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
    const asInFile = ({ id: _id, ...fields }: typeof account) => fields;
    await storage.importFile(
      { accounts: [asInFile({ ...account, label: 'Flat' }), asInFile(other)] },
      () => other.id,
    );
    expect(await raw('accounts')).toEqual([damaged, { ...account, label: 'Flat' }, other]);
    await storage.removeAccount(account.id);
    expect(await raw('accounts')).toEqual([damaged, other]);
  });

  it('removing a damaged entry that is no longer stored writes nothing', async () => {
    const damaged = { ...other, keyForm: 'both' };
    await fakeBrowser.storage.local.set({ accounts: [account, damaged], accounts$: { v: 2 } });
    const storage = await freshStorage();
    const { key } = (await storage.loadAccounts()).damaged[0]!;
    await storage.removeDamagedEntry(key);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await storage.removeDamagedEntry(key); // another tab removed it first
    expect(set).not.toHaveBeenCalled();
    expect(await raw('accounts')).toEqual([account]);
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
});

describe('writes', () => {
  it('never loses a concurrent update to another account', async () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ ...account, id, userId: id }));
    await fakeBrowser.storage.local.set({ accounts: four, accounts$: { v: 2 } });
    const storage = await freshStorage();
    await Promise.all(
      four.map((each, i) =>
        storage.recordCheck(each, {
          snapshot: (s) => ({
            ...(s ?? emptySnapshot()),
            capacity: { quota: 100, used: i, at: i },
          }),
        }),
      ),
    );
    const all = await storage.loadSnapshots();
    expect(Object.keys(all).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(all.d?.capacity?.used).toBe(3);
  });

  it('forgets the snapshots it is told to', async () => {
    await fakeBrowser.storage.local.set({
      snapshots: { a1: emptySnapshot(), gone: emptySnapshot() },
    });
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

describe('a page’s change, planned over what is stored when it runs', () => {
  /** Every step of a change as storage sees it: what it announced, then each write. */
  async function steps(change: Parameters<typeof import('@/lib/store/writes').writeChange>[0]) {
    const storage = await freshStorage();
    const seen: string[] = [];
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      seen.push(`set ${Object.keys(items).sort().join()}`);
    });
    vi.spyOn(fakeBrowser.storage.local, 'clear').mockImplementation(async () => {
      seen.push('clear');
    });
    const outcome = await storage
      .writeChange(change, (saved, removed) =>
        seen.push(`announce ${saved.map((a) => a.id).join()}|${removed.join()}`),
      )
      .catch((error: unknown) => (error as Error).constructor.name);
    return { seen, outcome };
  }

  it('announces what it stores and removes just before it writes it', async () => {
    await fakeBrowser.storage.local.set({ accounts: [account, other], accounts$: { v: 2 } });
    expect(await steps({ kind: 'remove-all' })).toEqual({
      seen: ['announce |a1,a2', 'clear'],
      outcome: { answer: { saved: true } },
    });
    const edit = { kind: 'edit-account', accountId: 'a1', fields: { label: 'House' } } as const;
    expect(await steps({ ...edit, revision: revisionOf(account) })).toEqual({
      seen: ['announce a1|', 'set accounts,accounts$'],
      outcome: { answer: { saved: { ...account, label: 'House' } } },
    });
  });

  it('made from an older revision, or an import previewed over other accounts: announces and writes nothing', async () => {
    await fakeBrowser.storage.local.set({ accounts: [account], accounts$: { v: 2 } });
    const edit = { kind: 'edit-account', accountId: 'a1', fields: { label: 'House' } } as const;
    const older = { ...account, password: 'before' };
    expect(await steps({ ...edit, revision: revisionOf(older) })).toEqual({
      seen: [],
      outcome: 'NewerStored',
    });
    const { id: _id, ...inFile } = { ...account, label: 'From the file' };
    const file = { accounts: [inFile] };
    const previewed = importBasis(file, [older], DEFAULT_SETTINGS);
    expect(await steps({ kind: 'import', file, previewed })).toEqual({
      seen: [],
      outcome: 'NewerStored',
    });
  });
});

describe('the settings at the store’s edge', () => {
  // The stored names are the first release's (lib/store/stored-names.ts), written out here: a
  // mapping changed on both sides (read and write) must still fail.
  const storedByFirstRelease = {
    keepAliveHours: 12,
    refreshMinutes: 45,
    warningPercent: 80,
    criticalPercent: 90,
    notifyUsage: true,
    notifyKeepAlive: false,
    notifyForecast: true,
  };

  it('reads the stored names into the product’s words, and a save writes them back under the stored names, keeping a field it does not know', async () => {
    await fakeBrowser.storage.local.set({
      settings: { ...storedByFirstRelease, theme: 'dark' },
      settings$: { v: 1 },
    });
    const storage = await freshStorage();
    const settings = await storage.loadSettings();
    expect(settings).toEqual({
      signInHours: 12,
      usageUpdateMinutes: 45,
      warningPercent: 80,
      criticalPercent: 90,
      notifyUsage: true,
      notifySignIn: false,
      notifyForecast: true,
    });
    await storage.writeChange(
      { kind: 'edit-settings', fields: { signInHours: 6 }, revision: revisionOf(settings) },
      () => {},
    );
    expect(await raw('settings')).toEqual({
      ...storedByFirstRelease,
      keepAliveHours: 6,
      theme: 'dark',
    });
  });
});
