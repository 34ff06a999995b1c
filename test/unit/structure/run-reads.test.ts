import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../../testbed/simulator/simulator';
import { storedAccount } from '../../../testbed/simulator/stored-account';
import { clock, DAY, snapshotOf, backgroundSuite } from '../helpers/harness';
import { readsByKey, watchStorageReads } from '../helpers/storage-reads';

// A background run reads each stored item once and passes it down; the only reads after that
// are the ones each outcome's write makes (the credentials check just before it, and the items it
// changes), so an outcome fetched with changed credentials is never recorded, logged or kept as a
// reading.

const USERS = ['alice', 'bob', 'carol'];
const { sim, freshBrowser, newWorker } = backgroundSuite({
  users: USERS.map((userId) =>
    demoAccount({ userId, password: `${userId}-pw`, apiKey: `${userId}-key` }),
  ),
});

/** How often a piece of work reads each stored item (its metadata `<key>$` included), by every way storage can be read. */
async function readsOf(work: () => Promise<void>): Promise<Record<string, number>> {
  const watch = watchStorageReads();
  try {
    await work();
  } finally {
    watch.stop();
  }
  return readsByKey(watch.reads);
}

describe('a background run', () => {
  it('reads accounts, settings and snapshots once; then, per outcome it records, the accounts, the snapshots and the activity log', async () => {
    clock.now = Date.UTC(2026, 10, 2, 0, 0, 0);
    const accounts = USERS.map((userId) => storedAccount(sim(), sim().account(userId)));
    await (await freshBrowser(accounts)).start('worker-start');
    clock.now += 2 * DAY; // both checks of all three accounts due
    const reads = await readsOf(() => newWorker().start('worker-start'));
    const recorded = USERS.length * 2;
    const readings = USERS.length;
    expect((await snapshotOf('id-carol')).keepAlive.lastSuccessAt).toBe(clock.now);
    expect(reads).toEqual({
      // The run's one read.
      settings: 1,
      settings$: 1,
      // Then the credentials check before each outcome's one write (its snapshot, its log line and
      // a usage update's reading together: none is written for an account removed or edited since).
      accounts: 1 + recorded,
      accounts$: 1 + recorded,
      snapshots: 1 + recorded,
      // Each outcome logged: the whole log (every account's) read, with its version, and written back.
      activity: recorded,
      activity$: recorded,
      // Each new reading's write, and the notices' forecast (the recent part only).
      history: readings,
      history$: readings,
      recentHistory: 1,
    });
  });
});
