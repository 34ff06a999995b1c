import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoAccount, type Simulator } from '../../../testbed/simulator/simulator';
import { loadActivity, loadSnapshots } from '@/lib/store/reads';
import { beginChange } from '@/lib/extension/change-port';
import { GIB as GB } from '@/lib/basics/bytes';
import { snapshotOf, storeAccounts, backgroundSuite } from '../helpers/harness';
import { accountEdit } from '../helpers/page-changes';

// An edit to another server, or to other credentials, is final at once: a run that began before
// the Save (it read the old account) stops there, its requests aborted and its outcome recorded
// nowhere, and nothing more goes to the old server; the run the change starts uses the new
// account. Against two real simulators, the old one answering slowly so a call is under way at
// the Save; the edit arrives as the browser delivers it, through the storage watcher.

const {
  sim: oldServer,
  stored,
  freshBrowser,
  newWorker,
} = backgroundSuite({ users: [demoAccount({ userId: 'alice' })] });
const { sim: newServer, stored: storedNew } = backgroundSuite({
  users: [demoAccount({ userId: 'alice2', password: 'pw2', apiKey: 'key2', used: 3 * GB })],
});

afterEach(() => vi.restoreAllMocks());

/** Longer than a run takes here, shorter than the client's 2 s timeout: without the stop, the old call is answered. */
const SLOW_MS = 1500;

/** A worker started as the browser starts one, its first run's getUser held up on the old server's side. */
async function runUnderWay() {
  await freshBrowser([stored('alice')]);
  oldServer().setFault('api', 'slow', { delayMs: SLOW_MS });
  oldServer().setFault('node', 'slow', { delayMs: SLOW_MS });
  const worker = newWorker({ listening: true });
  await vi.waitFor(() => expect(oldServer().requests).toHaveLength(1), { timeout: 5_000 });
  return worker;
}

/** What reached a server from the `from`-th request on: [server, user, password]. */
const since = (sim: Simulator, from: number) =>
  sim.requests.slice(from).map((r) => [r.server, r.userId, r.password]);

describe('an account saved while a run of it is under way', () => {
  it('to another server: the call under way is aborted, nothing more reaches the old server, nothing of it is recorded; the new server is checked at once', async () => {
    await runUnderWay();
    await storeAccounts([storedNew('alice2', { id: 'id-alice', label: 'alice' })]);
    await vi.waitFor(
      () =>
        expect(since(newServer(), 0)).toEqual([
          ['api', 'alice2', 'pw2'],
          ['node', 'alice2', 'pw2'],
        ]),
      { timeout: 5_000 },
    );
    // Not behind the old run's slow answer: the stop came at once, outside the queue, and the old call was abandoned.
    expect(oldServer().requests[0]).toMatchObject({ server: 'api', abandoned: true });
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).capacity?.used).toBe(3 * GB),
      { timeout: 5_000 },
    );
    expect(since(oldServer(), 1)).toEqual([]);
    const snapshot = await snapshotOf('id-alice');
    expect(snapshot.user).toMatchObject({ user: 'alice2', node: newServer().nodeHost });
    expect(snapshot.keepAlive).toMatchObject({ consecutiveFailures: 0 });
    // The log holds the new server's sign-in and usage update only: the aborted call is no failure of it.
    expect((await loadActivity())['id-alice']?.entries.map((e) => [e.check, e.outcome])).toEqual([
      ['sign-in', 'ok'],
      ['usage', 'ok'],
    ]);
  });

  it('between its two calls: the usage update not yet sent goes nowhere, not to the old node', async () => {
    await freshBrowser([stored('alice')]);
    // The capacity call waits on this side until released, as a busy worker's would: not yet sent at the Save.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let waiting = false;
    newWorker({
      fetch: async (input, init) => {
        if ((input as string | URL).toString().startsWith(oldServer().nodeUrl)) {
          waiting = true;
          const stopped = new Promise<void>((resolve) =>
            init?.signal?.addEventListener('abort', () => resolve()),
          );
          await Promise.race([gate, stopped]);
        }
        return globalThis.fetch(input, init);
      },
      listening: true,
    });
    await vi.waitFor(() => expect(waiting).toBe(true), { timeout: 5_000 });
    await storeAccounts([storedNew('alice2', { id: 'id-alice', label: 'alice' })]);
    release();
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).capacity?.used).toBe(3 * GB),
      { timeout: 5_000 },
    );
    expect(oldServer().requests.map((r) => r.server)).toEqual(['api']);
    expect(since(newServer(), 0)).toEqual([
      ['api', 'alice2', 'pw2'],
      ['node', 'alice2', 'pw2'],
    ]);
  });

  it('a run whose one read came back only after the Save was seen starts nothing with what it read', async () => {
    await freshBrowser([stored('alice')]);
    // The worker's first run reads storage before the Save; its read comes back after the background has seen the Save.
    const local = fakeBrowser.storage.local as unknown as {
      get(keys?: unknown): Promise<Record<string, unknown>>;
    };
    const get = local.get.bind(local);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runRead: 'pending' | 'held' = 'pending';
    vi.spyOn(local, 'get').mockImplementation(async (keys) => {
      const value = await get(keys);
      if (runRead === 'pending' && Array.isArray(keys) && keys.includes('snapshots')) {
        runRead = 'held';
        await gate;
      }
      return value;
    });
    newWorker({ listening: true });
    await vi.waitFor(() => expect(runRead).toBe('held'), { timeout: 5_000 });
    // Stored: the background hears of it from the storage change itself, which carries the new list (no read).
    await storeAccounts([storedNew('alice2', { id: 'id-alice', label: 'alice' })]);
    release();
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).capacity?.used).toBe(3 * GB),
      { timeout: 5_000 },
    );
    expect(oldServer().requests).toEqual([]);
    expect(since(newServer(), 0)).toEqual([
      ['api', 'alice2', 'pw2'],
      ['node', 'alice2', 'pw2'],
    ]);
  });

  it('to another apps password on the same server: the old password goes out no more; the next run signs in with the new one', async () => {
    await runUnderWay();
    oldServer().account('alice').password = 'renewed';
    const from = oldServer().requests.length;
    await storeAccounts([stored('alice', { password: 'renewed' })]);
    oldServer().setFault('api', undefined);
    oldServer().setFault('node', undefined);
    await vi.waitFor(
      () => expect(since(oldServer(), from).map(([server]) => server)).toEqual(['api', 'node']),
      { timeout: 5_000 },
    );
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).refresh.lastSuccessAt).toBeDefined(),
      { timeout: 5_000 },
    );
    expect(oldServer().requests[0]).toMatchObject({
      password: demoAccount().password,
      abandoned: true,
    });
    expect(since(oldServer(), from)).toEqual([
      ['api', 'alice', 'renewed'],
      ['node', 'alice', 'renewed'],
    ]);
    expect((await snapshotOf('id-alice')).keepAlive.failure).toBeUndefined();
  });

  it('a save that changes only the name stops nothing: the run under way finishes and is recorded', async () => {
    await runUnderWay();
    await storeAccounts([stored('alice', { label: 'Home' })]);
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).refresh.lastSuccessAt).toBeDefined(),
      { timeout: 5_000 },
    );
    expect(oldServer().requests.map((r) => [r.server, r.status])).toEqual([
      ['api', 200],
      ['node', 200],
    ]);
  });

  it('a page’s Test connection under way stops when a Save of its account is clicked, in any tab', async () => {
    const worker = await runUnderWay();
    const testing = worker.testConnection({ draft: stored('alice'), accountId: 'id-alice' });
    await vi.waitFor(() => expect(oldServer().requests).toHaveLength(2), { timeout: 5_000 });
    const save = worker.beginChange('id-alice');
    expect(await testing).toEqual({ stopped: true });
    await vi.waitFor(() => expect(oldServer().requests[1]).toMatchObject({ abandoned: true }), {
      timeout: 5_000,
    });
    // Held: a test begun now stops before it sends.
    const from = oldServer().requests.length;
    expect(await worker.testConnection({ draft: stored('alice'), accountId: 'id-alice' })).toEqual({
      stopped: true,
    });
    expect(oldServer().requests.length).toBe(from);
    save.close();
  });

  it('a new account’s Test connection under way stops when its Save is clicked (the draft’s id)', async () => {
    await freshBrowser([stored('alice')]);
    const worker = newWorker();
    newServer().setFault('api', 'slow', { delayMs: SLOW_MS });
    const draft = storedNew('alice2');
    const testing = worker.testConnection({ draft, accountId: 'id-draft' });
    await vi.waitFor(() => expect(newServer().requests).toHaveLength(1), { timeout: 5_000 });
    const save = worker.beginChange('id-draft');
    expect(await testing).toEqual({ stopped: true });
    // Stopped, not answered: its call abandoned, and nothing more goes out with the draft.
    await vi.waitFor(() => expect(newServer().requests[0]).toMatchObject({ abandoned: true }), {
      timeout: 5_000,
    });
    expect(newServer().requests).toHaveLength(1);
    save.close();
    newServer().setFault('api', undefined);
    const other = worker.testConnection({ draft, accountId: 'id-other' });
    expect(await other).toMatchObject({ user: { ok: true } });
  });

  it('saved through the Settings page’s command: the check under way stops before the change is stored, and the page’s answer says it was saved', async () => {
    await freshBrowser([stored('alice')]);
    const order: string[] = [];
    const local = fakeBrowser.storage.local as unknown as {
      set(items: Record<string, unknown>): Promise<void>;
    };
    const set = local.set.bind(local);
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      if ('accounts' in items) order.push('stored');
      return set(items);
    });
    // The old server's getUser waits on this side until stopped: under way at the Save.
    let waiting = false;
    newWorker({
      fetch: async (input, init) => {
        if ((input as string | URL).toString().startsWith(oldServer().apiUrl)) {
          waiting = true;
          await new Promise<void>((resolve) =>
            init?.signal?.addEventListener('abort', () => (order.push('stopped'), resolve())),
          );
        }
        return globalThis.fetch(input, init);
      },
      listening: true,
    });
    await vi.waitFor(() => expect(waiting).toBe(true), { timeout: 5_000 });
    const edited = storedNew('alice2', { id: 'id-alice', label: 'alice' });
    const answer = await beginChange('id-alice').send(accountEdit(edited, stored('alice')));
    expect(answer).toEqual({ saved: edited });
    expect(order).toEqual(['stopped', 'stored']);
    await vi.waitFor(
      async () => expect((await snapshotOf('id-alice')).capacity?.used).toBe(3 * GB),
      { timeout: 5_000 },
    );
    expect(oldServer().requests).toEqual([]);
  });

  it('a change the store refuses (data of a newer version) is said to the page, and the stored account’s checks go on', async () => {
    await freshBrowser([stored('alice')]);
    await fakeBrowser.storage.local.set({ accounts$: { v: 99 } });
    const worker = newWorker({ listening: true });
    const edited = storedNew('alice2', { id: 'id-alice', label: 'alice' });
    const answer = await beginChange('id-alice').send(accountEdit(edited, stored('alice')));
    expect(answer).toEqual({ refused: 'newer-version' });
    await worker.checkNow({});
    expect(since(oldServer(), 0).map(([server]) => server)).toEqual(
      expect.arrayContaining(['api', 'node']),
    );
    expect(newServer().requests).toEqual([]);
  });

  it('removed through the Settings page’s command: its check under way stops, and nothing of it is recorded', async () => {
    await runUnderWay();
    expect(
      await beginChange('id-alice').send({ kind: 'remove-account', accountId: 'id-alice' }),
    ).toEqual({ saved: true });
    await vi.waitFor(() => expect(oldServer().requests[0]).toMatchObject({ abandoned: true }), {
      timeout: 5_000,
    });
    expect((await loadSnapshots())['id-alice']).toBeUndefined();
  });

  it.each([
    [
      'its sign-in’s snapshot and its log',
      (items: Record<string, unknown>) => 'snapshots' in items,
    ],
    [
      'its usage update’s snapshot and its reading',
      (items: Record<string, unknown>) =>
        JSON.stringify(items.snapshots ?? {}).includes('capacity'),
    ],
  ])(
    'Remove all data while a check is between %s: nothing of the account is written back after the clear',
    async (_between, atWrite) => {
      await freshBrowser([stored('alice')]);
      const local = fakeBrowser.storage.local as unknown as {
        set(items: Record<string, unknown>): Promise<void>;
        clear(): Promise<void>;
      };
      const set = local.set.bind(local);
      const clear = local.clear.bind(local);
      const started: { worker?: ReturnType<typeof newWorker> } = {};
      let removal: Promise<unknown> | undefined;
      let cleared = false;
      const writtenBack: string[] = [];
      vi.spyOn(local, 'clear').mockImplementation(async () => {
        await clear();
        cleared = true;
      });
      vi.spyOn(local, 'set').mockImplementation(async (items) => {
        if (cleared && /alice/.test(JSON.stringify(items)))
          writtenBack.push(Object.keys(items).join());
        // The check's write of this step: "Remove all data" is queued right behind it.
        if (!removal && started.worker && atWrite(items))
          removal = started.worker.beginChange(undefined).carryOut({ kind: 'remove-all' });
        return set(items);
      });
      const worker = (started.worker = newWorker({ listening: true }));
      await vi.waitFor(() => expect(removal).toBeDefined(), { timeout: 5_000 });
      expect(await removal).toEqual({ saved: true });
      await worker.reschedule(); // every run queued before it is done
      expect([cleared, writtenBack]).toEqual([true, []]);
      expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toMatch(/alice/);
    },
  );
});
