import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoAccount } from '../../../testbed/simulator/simulator';
import { beginChange } from '@/lib/extension/change-port';
import { sendMessage } from '@/lib/extension/messages';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { importBasis, type ImportedFile } from '@/lib/store/import-plan';
import { writeChange } from '@/lib/store/writes';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import type { Account } from '@/lib/store/accounts';
import { clock, fireAlarm, HOUR, MINUTE, backgroundSuite } from '../helpers/harness';
import { accountEdit } from '../helpers/page-changes';

// Every change of the accounts and settings is what the user did, sent on its click's port and
// planned by the background over what is stored then: an edit names the revision its form began
// from and is refused when a newer one is stored (unless it is the same save again); an import
// names what its preview showed and is refused with a fresh plan when that changed; a click
// holds the account's checks until its own change is stored or given up, whatever other tabs
// do; a save that changes nothing leaves nothing behind; an import stores its accounts and
// settings together or not at all.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [
    demoAccount({ userId: 'alice' }),
    demoAccount({ userId: 'bob', password: 'pw-b', apiKey: 'key-b' }),
  ],
});

afterEach(() => vi.restoreAllMocks());

/** A change sent from a page, on a port opened for it (the account it names, if any). */
const send = (change: Parameters<ReturnType<typeof beginChange>['send']>[0]) =>
  beginChange('accountId' in change ? change.accountId : undefined).send(change);

/** A worker listening as the browser starts one, once its first checks are answered. */
async function settledWorker(accounts: Account[]) {
  await freshBrowser(accounts);
  const worker = newWorker({ listening: true });
  await worker.reschedule(); // its start's run, queued before, is done
  await vi.waitFor(() => expect(sim().requests.every((r) => r.status !== 0)).toBe(true), {
    timeout: 5_000,
  });
  return worker;
}

/** The file of an import, as the Settings page's preview read it. */
const fileOf = (...accounts: Account[]): ImportedFile => ({
  accounts: accounts.map(({ id: _id, ...fields }) => fields),
});

/** An import of `file` as previewed over what is stored now. */
async function previewed(file: ImportedFile) {
  const basis = importBasis(file, (await loadAccounts()).accounts, await loadSettings());
  return { kind: 'import', file, previewed: basis } as const;
}

describe('a save made from what the user saw', () => {
  it('two tabs: the one whose form began before the other’s save is refused, with the stored account; storage keeps the newer', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const opened = stored('alice');
    // Tab 2 moves the account to bob's credentials.
    const moved = stored('bob', { id: opened.id, label: 'alice' });
    expect(await send(accountEdit(moved, opened))).toEqual({ saved: moved });
    // Tab 1, opened before, renames it.
    const mine = { ...opened, label: 'Mine', notifications: false };
    expect(await send(accountEdit(mine, opened))).toEqual({ newer: moved });
    expect((await loadAccounts()).accounts).toEqual([moved]);
    // Keep mine: the same fields over the newer revision change only those fields.
    const keepMine = { ...accountEdit(mine, opened), revision: revisionOf(moved) };
    const kept = { ...moved, label: 'Mine', notifications: false };
    expect(await send(keepMine)).toEqual({ saved: kept });
    expect((await loadAccounts()).accounts).toEqual([kept]);
  });

  it('the same save arriving twice (a second click, a lost answer sent again) stands, never “changed elsewhere”', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const opened = stored('alice');
    const edited = { ...opened, label: 'House', password: 'renewed' };
    const [first, second] = await Promise.all([
      send(accountEdit(edited, opened)),
      send(accountEdit(edited, opened)),
    ]);
    expect([first, second]).toEqual([{ saved: edited }, { saved: edited }]);
    // One more field than what is stored: another change, refused.
    const more = { ...edited, notifications: false };
    expect(await send(accountEdit(more, opened))).toEqual({ newer: edited });
  });

  it('a new account whose id is stored meanwhile, and an account removed meanwhile, are refused', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const other = stored('bob', { id: stored('alice').id });
    expect(await send(accountEdit(other))).toEqual({ newer: stored('alice') });
    expect(await send({ kind: 'remove-account', accountId: other.id })).toEqual({ saved: true });
    expect(await send(accountEdit(other, stored('alice')))).toEqual({ newer: null });
    expect((await loadAccounts()).accounts).toEqual([]);
  });

  it('the settings: a save from older settings is refused with the stored ones; Keep mine changes only its fields', async () => {
    await freshBrowser();
    newWorker({ listening: true });
    const base = await loadSettings();
    const theirs = { ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 };
    const edit = (fields: object, revision: string) =>
      send({ kind: 'edit-settings', fields, revision });
    expect(await edit({ usageUpdateMinutes: 60 }, revisionOf(base))).toEqual({ saved: theirs });
    expect(await edit({ warningPercent: 80 }, revisionOf(base))).toEqual({ newer: theirs });
    expect(await loadSettings()).toEqual(theirs);
    const both = { ...theirs, warningPercent: 80 };
    expect(await edit({ warningPercent: 80 }, revisionOf(theirs))).toEqual({ saved: both });
    expect(await loadSettings()).toEqual(both);
  });

  it('the popup’s key-in-address, from the account as it showed it: an older revision changes nothing', async () => {
    await freshBrowser([stored('alice', { keyForm: 'header' })]);
    newWorker({ listening: true });
    const shown = stored('alice', { keyForm: 'header' });
    const renamed = { ...shown, label: 'Renamed' };
    expect(await send(accountEdit(renamed, shown))).toEqual({ saved: renamed });
    expect(
      await sendMessage('useAddressForm', { accountId: shown.id, revision: revisionOf(shown) }),
    ).toEqual({ newer: true });
    expect((await loadAccounts()).accounts).toEqual([renamed]);
  });
});

describe('from the click', () => {
  it('a held account sends nothing, whatever the alarms do, until the hold is released', async () => {
    const worker = await settledWorker([stored('alice')]);
    const save = worker.beginChange(stored('alice').id);
    const from = sim().requests.length;
    await worker.checkNow({});
    await fireAlarm('retry');
    await worker.onPermissionsAdded();
    expect(sim().requests.length).toBe(from);
    save.close();
    clock.now += HOUR;
    await worker.checkNow({});
    expect(sim().requests.length).toBeGreaterThan(from);
  });

  it('a hold through the page’s port, released when the page lets go', async () => {
    const worker = await settledWorker([stored('alice')]);
    const save = beginChange(stored('alice').id);
    const from = sim().requests.length;
    await worker.checkNow({});
    expect(sim().requests.length).toBe(from);
    save.close();
    clock.now += HOUR;
    await worker.checkNow({});
    expect(sim().requests.length).toBeGreaterThan(from);
  });

  it('holds per tab: tab B’s change of the account ends B’s hold only; tab A’s holds until its own change', async () => {
    const worker = await settledWorker([stored('alice')]);
    const opened = stored('alice');
    const tabA = beginChange(opened.id); // moving it to bob's credentials, its prompt open
    const renamed = { ...opened, label: 'Renamed in tab B' };
    expect(await send(accountEdit(renamed, opened))).toEqual({ saved: renamed });
    await worker.reschedule(); // the storage change seen to
    clock.now += HOUR;
    const from = sim().requests.length;
    await worker.checkNow({});
    await fireAlarm('retry');
    expect(sim().requests.length).toBe(from); // nothing more to alice's server
    const moved = stored('bob', { id: opened.id, label: renamed.label });
    expect(await tabA.send(accountEdit(moved, renamed))).toEqual({ saved: moved });
    await worker.reschedule();
    clock.now += HOUR;
    await worker.checkNow({});
    // Checked with bob's credentials (at once, and by the storage change and the click: any order).
    const after = sim().requests.slice(from);
    expect(after.map((r) => r.server)).toEqual(expect.arrayContaining(['api', 'node']));
    expect(after.filter((r) => r.userId !== 'bob')).toEqual([]);
  });

  it('an account saved with new credentials is checked at once by the background; one with only a new name or switch is not', async () => {
    const worker = await settledWorker([stored('alice', { keyForm: 'header' })]);
    clock.now += MINUTE; // not checked moments ago, and nothing due yet
    const opened = stored('alice', { keyForm: 'header' });
    const renamed = { ...opened, label: 'Home', notifications: false };
    let from = sim().requests.length;
    expect(await send(accountEdit(renamed, opened))).toEqual({ saved: renamed });
    await worker.reschedule(); // what the change started is done
    expect(sim().requests.slice(from)).toEqual([]);
    const inAddress = { ...renamed, keyForm: 'matrix' as const };
    from = sim().requests.length;
    expect(await send(accountEdit(inAddress, renamed))).toEqual({ saved: inAddress });
    await worker.reschedule();
    expect(
      sim()
        .requests.slice(from)
        .map((r) => [r.server, r.keyVia]),
    ).toEqual([
      ['api', 'matrix'],
      ['node', 'matrix'],
    ]);
  });

  it('a save that changes nothing leaves nothing behind: the address-form fix that follows checks the account', async () => {
    await settledWorker([stored('alice', { keyForm: 'header' })]);
    const same = stored('alice', { keyForm: 'header' });
    expect(await send(accountEdit(same, same))).toEqual({ saved: same });
    clock.now += HOUR; // not "checked moments ago"
    const from = sim().requests.length;
    expect(
      await sendMessage('useAddressForm', { accountId: same.id, revision: revisionOf(same) }),
    ).toEqual({});
    // Checked at once (the change may also have woken a scheduled run: the order is not the point).
    expect(
      sim()
        .requests.slice(from)
        .map((r) => r.server)
        .sort(),
    ).toEqual(['api', 'node']);
  });
});

describe('an import planned from its preview', () => {
  it('whose preview is out of date (a save landed since) is refused with a fresh plan, and writes nothing', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const renamedInFile = { ...stored('alice'), label: 'From the file', password: 'old-pw' };
    const change = await previewed(fileOf(renamedInFile));
    // Tab A saves the account first: a new password.
    const saved = { ...stored('alice'), password: 'newer-pw' };
    expect(await send(accountEdit(saved, stored('alice')))).toEqual({ saved });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const fresh = await previewed(change.file); // the preview over what is stored now
    expect(await send(change)).toEqual({
      newer: {
        plan: { added: [], updated: [renamedInFile], leftAlone: [] },
        previewed: fresh.previewed,
      },
    });
    expect(set).not.toHaveBeenCalled();
    expect((await loadAccounts()).accounts).toEqual([saved]);
    // Shown the fresh plan, the user imports it: sent with its basis, it is stored.
    expect(await send(fresh)).toEqual({ saved: { added: 0, updated: 1 } });
    expect((await loadAccounts()).accounts).toEqual([renamedInFile]);
  });

  it('the same import sent twice adds once: the second is out of date', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const change = await previewed(fileOf(stored('bob')));
    const answers = await Promise.all([send(change), send(change)]);
    expect(answers[0]).toEqual({ saved: { added: 1, updated: 0 } });
    expect(answers[1]).toMatchObject({ newer: { plan: { added: [], updated: [] } } });
    const { accounts } = await loadAccounts();
    expect(accounts.map((a) => a.userId)).toEqual(['alice', 'bob']);
  });

  it('an import whose settings may not be written stores neither its accounts nor its settings', async () => {
    await freshBrowser([stored('alice')]);
    newWorker({ listening: true });
    const change = await previewed({
      ...fileOf(stored('bob')),
      settings: { usageUpdateMinutes: 60 },
    });
    await fakeBrowser.storage.local.set({ settings$: { v: 99 } });
    expect(await send(change)).toEqual({ refused: 'newer-version' });
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
    const change = await previewed({
      ...fileOf(stored('bob')),
      settings: { usageUpdateMinutes: 60 },
    });
    expect(await send(change)).toEqual({ saved: { added: 1, updated: 0 } });
    expect(writes[0]).toEqual(['accounts', 'accounts$', 'settings']);
    expect(await loadSettings()).toEqual({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 });
  });
});

describe('a save of what is stored', () => {
  it('writes nothing, whatever the order of the keys the page sent (Chromium gives them back sorted)', async () => {
    await freshBrowser([stored('alice')]);
    const sorted = Object.fromEntries(
      Object.entries(stored('alice')).sort(([a], [b]) => a.localeCompare(b)),
    ) as ReturnType<typeof stored>;
    await fakeBrowser.storage.local.set({ accounts: [sorted] });
    const { id: _id, ...fields } = sorted;
    const reversed = Object.fromEntries(Object.entries(fields).reverse());
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { answer } = await writeChange(
      {
        kind: 'edit-account',
        accountId: sorted.id,
        fields: reversed,
        revision: revisionOf(sorted),
      },
      () => undefined,
    );
    expect(answer).toEqual({ saved: sorted });
    expect(set).not.toHaveBeenCalled();
  });
});
