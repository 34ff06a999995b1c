import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsItem, historyItem, recentHistoryItem, settingsItem, snapshotsItem } from '@/lib/store/items';
import { demoAccount, startSimulator, type Simulator } from '../../scripts/simulator/simulator';
import { storedAccount } from '../../scripts/simulator/stored-account';
import { clock, DAY, freshBrowser, newWorker, snapshotOf } from './helpers/harness';

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

/** How often a piece of work reads each stored item. */
async function readsOf(work: () => Promise<void>): Promise<Record<string, number>> {
  const items = { accountsItem, settingsItem, snapshotsItem, historyItem, recentHistoryItem };
  const spies = Object.entries(items).map(([name, item]) => [name, vi.spyOn(item, 'getValue')] as const);
  await work();
  return Object.fromEntries(spies.map(([name, spy]) => [name, spy.mock.calls.length]));
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
