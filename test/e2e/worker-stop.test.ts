import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSnapshot } from '../../lib/store/account-state';
import { ALARM } from '../../lib/store/stored-names';
import { unpackPoints } from '../../lib/store/history';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';

// Chrome stops an extension's service worker whenever it likes, also in the middle of a run.
// Here it is stopped while a usage update waits for a server that does not answer (on the
// time-scaled build: both checks every 5 s); the next alarm starts a new worker that carries on,
// and nothing the stopped one had recorded is lost.

let sim: Simulator;
let browser: ExtensionSession;
const account = demoAccount({ userId: 'steady', password: 'steady-pw', apiKey: 'steady-key' });

beforeAll(async () => {
  sim = await startSimulator({ accounts: [account] });
  browser = await launchExtension();
  await browser.storeSettings({
    signInHours: 1,
    usageUpdateMinutes: 60,
    notifyUsage: false,
    notifySignIn: false,
    notifyForecast: false,
  });
  await browser.storeAccounts([storedAccount(sim, account, { id: 'steady', label: 'Steady' })]);
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

const answered = (server: 'api' | 'node', after: number) =>
  sim.requests.filter((r) => r.server === server && r.status === 200 && r.atMs > after).length;
const snapshotIn = (storage: Record<string, unknown>) =>
  (storage.snapshots as Record<string, AccountSnapshot>).steady!;

describe('a service worker stopped mid-run, in Chromium', () => {
  it('the next alarm starts a new one that carries on, and nothing recorded is lost', async () => {
    await browser.checkedSnapshot('steady');
    const before = await browser.storage();
    expect(snapshotIn(before).capacity).toBeDefined();
    expect((before.history as Record<string, unknown>).steady).toBeDefined();

    // Mid-run: the capacity call is sent and never answered (the simulator notes it as status -1).
    const stalledAt = Date.now();
    sim.setFault('node', 'stall');
    await expect
      .poll(
        () =>
          sim.requests.filter((r) => r.server === 'node' && r.atMs >= stalledAt && r.status === -1)
            .length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await browser.stopWorker();
    const stoppedAt = Date.now();
    sim.setFault('node', undefined);

    // No page is open: only an alarm can start the next worker, and it works as before.
    await expect.poll(() => answered('api', stoppedAt), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => answered('node', stoppedAt), { timeout: 30_000 }).toBeGreaterThan(0);
    const recorded = async () => snapshotIn(await browser.storage());
    await expect
      .poll(async () => (await recorded()).refresh.lastSuccessAt ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(stoppedAt);
    await expect
      .poll(async () => (await recorded()).keepAlive.lastSuccessAt ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(stoppedAt);
    expect((await browser.alarms()).map((a) => a.name).sort()).toEqual(
      [ALARM.signIn, ALARM.usageUpdate].sort(),
    );

    const after = await browser.storage();
    const snapshot = snapshotIn(after);
    // What the stopped worker had recorded is all there: the account, its details, its history.
    expect(after.accounts).toEqual(before.accounts);
    expect(after.settings).toEqual(before.settings);
    expect(snapshot.user).toMatchObject({ ...snapshotIn(before).user, at: expect.any(Number) });
    expect(snapshot.refresh.failure).toBeUndefined();
    // Every day read before is still there (a scaled day lasts 2 minutes: a new one may have begun).
    const days = (storage: Record<string, unknown>) => {
      const { identity, points } = (
        storage.history as Record<string, { identity: string; points: string }>
      ).steady!;
      return { identity, days: unpackPoints(points).map(([day]) => day) };
    };
    expect(days(before).days.length).toBeGreaterThan(0);
    expect(days(after)).toMatchObject({
      identity: days(before).identity,
      days: expect.arrayContaining(days(before).days),
    });
  }, 120_000);
});
