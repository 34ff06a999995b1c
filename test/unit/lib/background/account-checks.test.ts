import type { ConnectionReport } from '@/lib/service/client';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ALARM } from '@/lib/store/stored-names';
import {
  clock,
  countRequests,
  DAY,
  fireAlarm,
  MINUTE,
  snapshotOf,
  aliceAndBob,
  backgroundSuite,
} from '../../helpers/harness';
import { GIB as GB } from '@/lib/basics/bytes';

const { sim, freshBrowser, newWorker, stored } = backgroundSuite({ users: aliceAndBob });

// One account's checks, run by the background's alarms and commands: the sign-in (getUser), the
// usage update (the capacity call on the cached node), what blocks them, their backoff, and
// Test connection on unsaved credentials.

describe('alarms', () => {
  it('sign-in: one getUser per account; usage update: one capacity call per account on the cached node', async () => {
    await freshBrowser([stored('alice'), stored('bob')]);
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += 30 * MINUTE;
    await fireAlarm(ALARM.usageUpdate);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([0, 2]);
    clock.now += DAY;
    await fireAlarm(ALARM.signIn);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([2, 2]);
    expect(sim().account('bob').lastLoginMs).toBe(clock.now);
    const snapshot = await snapshotOf('id-bob');
    expect(snapshot.keepAlive).toEqual({
      lastAttemptAt: clock.now,
      lastSuccessAt: clock.now,
      consecutiveFailures: 0,
    });
    expect(snapshot.user).toMatchObject({ user: 'bob', node: sim().nodeHost, capacityGb: 20 });
  });

  it('reads the node again from getUser after the node answered 404', async () => {
    await freshBrowser([stored('alice')]);
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    sim().setFault('node', 'not-found');
    clock.now += 30 * MINUTE;
    await fireAlarm(ALARM.usageUpdate);
    expect((await snapshotOf('id-alice')).nodeStale).toBe(true);
    sim().setFault('node', undefined);
    sim().requests.length = 0;
    clock.now = (await snapshotOf('id-alice')).refresh.retryAt!;
    await fireAlarm(ALARM.retry);
    expect(sim().requests.map((r) => r.server)).toEqual(['api', 'node']);
    expect((await snapshotOf('id-alice')).nodeStale).toBeFalsy();
  });

  it('sends nothing for an account with missing credentials or host permission: that is its state', async () => {
    const incomplete = { ...stored('alice'), id: 'incomplete', password: '' };
    let worker = await freshBrowser([incomplete]);
    await worker.start('worker-start');
    expect((await snapshotOf('incomplete')).keepAlive.failure).toEqual({
      kind: 'not-configured',
      missing: ['password'],
    });
    worker = await freshBrowser([stored('alice')], { granted: () => false });
    await worker.start('worker-start');
    expect((await snapshotOf('id-alice')).keepAlive.failure).toEqual({
      kind: 'permission-missing',
      origin: sim().apiUrl,
    });
    expect(sim().requests).toHaveLength(0);
    expect(await fakeBrowser.alarms.get(ALARM.retry)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('backs off exponentially, capped at the interval, and a success resets it', async () => {
    const worker = await freshBrowser([stored('alice')]);
    sim().setFault('node', 'server-error');
    await worker.start('worker-start');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { retryAt } = (await snapshotOf('id-alice')).refresh;
      delays.push(retryAt! - clock.now);
      expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(retryAt);
      clock.now = retryAt!;
      await worker.onAlarm(ALARM.retry);
    }
    expect(delays).toEqual([5, 10, 20, 30, 30, 30, 30].map((m) => m * MINUTE)); // capacity: never under 5 min
    sim().setFault('node', undefined);
    clock.now = (await snapshotOf('id-alice')).refresh.retryAt!;
    await worker.onAlarm(ALARM.retry);
    expect((await snapshotOf('id-alice')).refresh).toEqual({
      lastAttemptAt: clock.now,
      lastSuccessAt: clock.now,
      consecutiveFailures: 0,
    });
    expect(await fakeBrowser.alarms.get(ALARM.retry)).toBeUndefined();
  });

  it('honours Retry-After and does not retry early on the periodic alarm', async () => {
    const worker = await freshBrowser([stored('alice')]);
    sim().setFault('api', 'rate-limited');
    await worker.start('worker-start');
    const { keepAlive } = await snapshotOf('id-alice');
    expect(keepAlive.retryAt).toBe(clock.now + 120_000);
    sim().requests.length = 0;
    clock.now += 60_000;
    await worker.onAlarm(ALARM.signIn);
    expect(sim().requests).toHaveLength(0);
  });
});

describe('messages', () => {
  it('tests unsaved settings without storing anything', async () => {
    const worker = await freshBrowser();
    const report = (await worker.testConnection({
      draft: stored('alice'),
      accountId: 'new',
    })) as ConnectionReport;
    expect(report.user.ok && report.user.value.user).toBe('alice');
    expect(report.capacity).toEqual({ ok: true, value: { quota: 100 * GB, used: 10 * GB } });
    expect(report.nodeOrigin).toBe(sim().nodeUrl);
    expect(await fakeBrowser.storage.local.get()).toEqual({});
  });

  it('reports each failing step of a test', async () => {
    const worker = await freshBrowser();
    sim().setFault('node', 'html-502');
    const report = (await worker.testConnection({
      draft: stored('alice'),
      accountId: 'new',
    })) as ConnectionReport;
    expect(report.user.ok).toBe(true);
    expect(report.capacity).toEqual({ ok: false, failure: { kind: 'server-error', status: 502 } });
    const rejected = await worker.testConnection({
      draft: { ...stored('alice'), password: 'nope' },
      accountId: 'new',
    });
    expect(rejected).toEqual({ user: { ok: false, failure: { kind: 'credentials-rejected' } } });
  });
});

/** The notifications created, as [id, options]. */
