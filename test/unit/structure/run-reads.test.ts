import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoAccount, startSimulator, type Simulator } from '../../../scripts/simulator/simulator';
import { storedAccount } from '../../../scripts/simulator/stored-account';
import { clock, DAY, freshBrowser, newWorker, snapshotOf } from '../helpers/harness';

// A background run reads each stored item once and passes it down; the only reads after that
// are the ones each write makes (the credentials check just before recording, and the item
// it changes), so an outcome fetched with changed credentials is still never recorded.

const USERS = ['alice', 'bob', 'carol'];
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ now: () => clock.now, accounts: USERS.map((userId) => demoAccount({ userId, password: `${userId}-pw`, apiKey: `${userId}-key` })) });
});
afterAll(() => sim.close());
afterEach(() => vi.restoreAllMocks());

/** How often a piece of work reads each stored item, counted where storage is asked (several keys in one read count once each). */
async function readsOf(work: () => Promise<void>): Promise<Record<string, number>> {
  const names = { accounts: 'accountsItem', settings: 'settingsItem', snapshots: 'snapshotsItem', history: 'historyItem', recentHistory: 'recentHistoryItem' } as const;
  const reads: Record<string, number> = Object.fromEntries(Object.values(names).map((name) => [name, 0]));
  const local = fakeBrowser.storage.local as unknown as { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
  const get = local.get.bind(local);
  const spy = vi.spyOn(local, 'get').mockImplementation((keys) => {
    for (const key of typeof keys === 'string' ? [keys] : (keys ?? [])) if (key in names) reads[names[key as keyof typeof names]]! += 1;
    return get(keys);
  });
  await work();
  spy.mockRestore();
  return reads;
}

describe('a background run', () => {
  it('reads accounts, settings and snapshots once, and then once per outcome it records', async () => {
    clock.now = Date.UTC(2026, 10, 2, 0, 0, 0);
    const accounts = USERS.map((userId) => storedAccount(sim, sim.account(userId)));
    await (await freshBrowser(accounts)).start('worker-start');
    clock.now += 2 * DAY; // both tasks of all three accounts due
    const reads = await readsOf(() => newWorker().start('worker-start'));
    const recorded = USERS.length * 2;
    expect((await snapshotOf('id-carol')).keepAlive.lastSuccessAt).toBe(clock.now);
    expect(reads).toEqual({
      settingsItem: 1,
      accountsItem: 1 + recorded,
      snapshotsItem: 1 + recorded,
      // Each new reading's write, and the notices' forecast (the recent part only).
      historyItem: USERS.length,
      recentHistoryItem: 1,
    });
  });
});
