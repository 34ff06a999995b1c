import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ALARM } from '@/lib/store/stored-names';
import {
  clock,
  countRequests,
  DAY,
  HOUR,
  MINUTE,
  snapshotOf,
  aliceAndBob,
  backgroundSuite,
} from '../../helpers/harness';
import { GIB as GB } from '@/lib/basics/bytes';
import { settingsItems } from '../../../../testbed/browsers/stored-items';

const { sim, freshBrowser, newWorker, stored } = backgroundSuite({ users: aliceAndBob });

// The background's events, end to end through the service: a worker start catches up on what is
// overdue and leaves the alarms alone; one run at a time, a killed worker resumed.

describe('worker start', () => {
  it('creates both alarms with the settings periods and sends nothing when unconfigured', async () => {
    const worker = await freshBrowser();
    await worker.start('worker-start');
    expect(await fakeBrowser.alarms.get(ALARM.signIn)).toMatchObject({ periodInMinutes: 24 * 60 });
    expect(await fakeBrowser.alarms.get(ALARM.usageUpdate)).toMatchObject({ periodInMinutes: 30 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(sim().requests).toHaveLength(0);
  });

  it('leaves existing alarms alone, so restarts never push them back', async () => {
    const worker = await freshBrowser();
    await worker.start('worker-start');
    const before = await fakeBrowser.alarms.getAll();
    clock.now += 10 * MINUTE;
    await newWorker().start('worker-start');
    expect(await fakeBrowser.alarms.getAll()).toEqual(before);
  });

  it('sets again an alarm due further off than its period: one set while the clock ran a year ahead', async () => {
    const worker = await freshBrowser();
    clock.now += 365 * DAY; // the clock set ahead…
    await worker.start('worker-start');
    clock.now -= 365 * DAY; // …and set right: the alarms would wait a year
    await newWorker().start('worker-start');
    expect(await fakeBrowser.alarms.get(ALARM.signIn)).toMatchObject({
      periodInMinutes: 24 * 60,
      scheduledTime: clock.now + DAY,
    });
    expect(await fakeBrowser.alarms.get(ALARM.usageUpdate)).toMatchObject({
      periodInMinutes: 30,
      scheduledTime: clock.now + 30 * MINUTE,
    });
  });

  it('re-creates an alarm whose period no longer matches the settings', async () => {
    const worker = await freshBrowser();
    await worker.start('worker-start');
    await fakeBrowser.storage.local.set(settingsItems({ usageUpdateMinutes: 60 }));
    await worker.reschedule();
    expect(await fakeBrowser.alarms.get(ALARM.usageUpdate)).toMatchObject({
      periodInMinutes: 60,
      scheduledTime: clock.now + HOUR,
    });
  });

  it('catches up at once on a first run and on work overdue after a long gap', async () => {
    const worker = await freshBrowser([stored('alice')]);
    await worker.start('worker-start');
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual([1, 1]);
    clock.now += 3 * DAY; // the browser was closed
    await newWorker().start('worker-start');
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual([2, 2]);
    clock.now += 5 * MINUTE; // nothing is overdue five minutes later
    await newWorker().start('worker-start');
    expect(sim().requests).toHaveLength(4);
  });

  it('keeps alive sooner on a browser start: half an interval is enough', async () => {
    const worker = await freshBrowser([stored('alice')]);
    await worker.start('worker-start');
    clock.now += 13 * HOUR;
    await newWorker().start('worker-start');
    expect(countRequests(sim(), 'api')).toBe(1);
    await newWorker().start('browser-start');
    expect(countRequests(sim(), 'api')).toBe(2);
  });
});

describe('joining and restarts', () => {
  it('joins a run already under way instead of starting a second one', async () => {
    const worker = await freshBrowser([stored('alice')]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += MINUTE;
    await Promise.all([
      worker.checkNow({}),
      worker.checkNow({ accountId: 'id-alice' }),
      worker.checkNow({}),
    ]);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 1]);
  });

  it('resumes correctly after the worker is killed in the middle of a run', async () => {
    await freshBrowser([stored('alice')]);
    // This worker's getUser goes through; then it is killed while its capacity call is on the wire.
    const dying = newWorker({
      fetch: (input, init) =>
        (input as string | URL).toString().startsWith(sim().nodeUrl)
          ? new Promise<Response>(() => {})
          : globalThis.fetch(input, init),
    });
    void dying.start('worker-start');
    await vi.waitFor(async () =>
      expect((await snapshotOf('id-alice')).keepAlive.lastSuccessAt).toBe(clock.now),
    );
    expect(await snapshotOf('id-alice')).toMatchObject({ refresh: { consecutiveFailures: 0 } });
    expect((await snapshotOf('id-alice')).capacity).toBeUndefined();
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 0]);

    clock.now += MINUTE; // the browser starts a new worker for the next event
    await newWorker().start('worker-start');
    const snapshot = await snapshotOf('id-alice');
    expect(snapshot.capacity).toMatchObject({ used: 10 * GB, quota: 100 * GB });
    // Only what the dead worker left undone is done: no second sign-in.
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 1]);
  });
});
