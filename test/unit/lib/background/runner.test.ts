import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_COLORS } from '@/lib/outlook/badge';
import { ALARM } from '@/lib/store/stored-names';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { demoAccount } from '../../../../scripts/simulator/simulator';
import { clock, countRequests, DAY, fireAlarm, freshBrowser, HOUR, MINUTE, newWorker, registeredWorker, simulatorForSuite, snapshotOf } from '../../helpers/harness';
import { GIB as GB } from '@/lib/basics/bytes';

const { sim, stored } = simulatorForSuite([demoAccount({ userId: 'alice' }), demoAccount({ userId: 'bob', password: 'bob-pw', apiKey: 'bob-key' })]);
beforeEach(() => {
  sim().account('alice').used = 10 * GB;
  sim().account('alice').quota = 100 * GB;
});

const alice = () => stored('alice');
const bob = () => stored('bob');

describe('worker start', () => {
  it('creates both alarms with the settings periods and sends nothing when unconfigured', async () => {
    const worker = await freshBrowser();
    await worker.start('worker-start');
    expect(await fakeBrowser.alarms.get(ALARM.keepAlive)).toMatchObject({ periodInMinutes: 24 * 60 });
    expect(await fakeBrowser.alarms.get(ALARM.refresh)).toMatchObject({ periodInMinutes: 30 });
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
    expect(await fakeBrowser.alarms.get(ALARM.keepAlive)).toMatchObject({ periodInMinutes: 24 * 60, scheduledTime: clock.now + DAY });
    expect(await fakeBrowser.alarms.get(ALARM.refresh)).toMatchObject({ periodInMinutes: 30, scheduledTime: clock.now + 30 * MINUTE });
  });

  it('re-creates an alarm whose period no longer matches the settings', async () => {
    const worker = await freshBrowser();
    await worker.start('worker-start');
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, refreshMinutes: 60 } });
    await worker.reschedule();
    expect(await fakeBrowser.alarms.get(ALARM.refresh)).toMatchObject({ periodInMinutes: 60, scheduledTime: clock.now + HOUR });
  });

  it('catches up at once on a first run and on work overdue after a long gap', async () => {
    const worker = await freshBrowser([alice()]);
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
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    clock.now += 13 * HOUR;
    await newWorker().start('worker-start');
    expect(countRequests(sim(), 'api')).toBe(1);
    await newWorker().start('browser-start');
    expect(countRequests(sim(), 'api')).toBe(2);
  });
});

describe('alarms', () => {
  it('keep-alive: one getUser per account; refresh: one capacity call per account on the cached node', async () => {
    await freshBrowser([alice(), bob()]);
    const worker = registeredWorker();
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += 30 * MINUTE;
    await fireAlarm(ALARM.refresh);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([0, 2]);
    clock.now += DAY;
    await fireAlarm(ALARM.keepAlive);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([2, 2]);
    expect(sim().account('bob').lastLoginMs).toBe(clock.now);
    const snapshot = await snapshotOf('id-bob');
    expect(snapshot.keepAlive).toEqual({ lastAttemptAt: clock.now, lastSuccessAt: clock.now, consecutiveFailures: 0 });
    expect(snapshot.user).toMatchObject({ user: 'bob', node: sim().nodeHost, capacityGb: 20 });
  });

  it('reads the node again from getUser after the node answered 404', async () => {
    await freshBrowser([alice()]);
    const worker = registeredWorker();
    await worker.start('worker-start');
    sim().setFault('node', 'not-found');
    clock.now += 30 * MINUTE;
    await fireAlarm(ALARM.refresh);
    expect((await snapshotOf('id-alice')).nodeStale).toBe(true);
    sim().setFault('node', undefined);
    sim().requests.length = 0;
    clock.now = (await snapshotOf('id-alice')).refresh.retryAt!;
    await fireAlarm(ALARM.retry);
    expect(sim().requests.map((r) => r.server)).toEqual(['api', 'node']);
    expect((await snapshotOf('id-alice')).nodeStale).toBeFalsy();
  });

  it('sends nothing for an account with missing credentials or host permission: that is its state', async () => {
    const incomplete = { ...alice(), id: 'incomplete', password: '' };
    let worker = await freshBrowser([incomplete]);
    await worker.start('worker-start');
    expect((await snapshotOf('incomplete')).keepAlive.failure).toEqual({ kind: 'not-configured', missing: ['password'] });
    worker = await freshBrowser([alice()], { granted: () => false });
    await worker.start('worker-start');
    expect((await snapshotOf('id-alice')).keepAlive.failure).toEqual({ kind: 'permission-missing', origin: sim().apiUrl });
    expect(sim().requests).toHaveLength(0);
    expect(await fakeBrowser.alarms.get(ALARM.retry)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('backs off exponentially, capped at the interval, and a success resets it', async () => {
    const worker = await freshBrowser([alice()]);
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
    expect((await snapshotOf('id-alice')).refresh).toEqual({ lastAttemptAt: clock.now, lastSuccessAt: clock.now, consecutiveFailures: 0 });
    expect(await fakeBrowser.alarms.get(ALARM.retry)).toBeUndefined();
  });

  it('honours Retry-After and does not retry early on the periodic alarm', async () => {
    const worker = await freshBrowser([alice()]);
    sim().setFault('api', 'rate-limited');
    await worker.start('worker-start');
    const { keepAlive } = await snapshotOf('id-alice');
    expect(keepAlive.retryAt).toBe(clock.now + 120_000);
    sim().requests.length = 0;
    clock.now += 60_000;
    await worker.onAlarm(ALARM.keepAlive);
    expect(sim().requests).toHaveLength(0);
  });
});

describe('joining and restarts', () => {
  it('joins a refresh already under way instead of starting a second one', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += MINUTE;
    await Promise.all([worker.checkNow({}), worker.checkNow({ accountId: 'id-alice' }), worker.checkNow({})]);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 1]);
  });

  it('resumes correctly after the worker is killed in the middle of a refresh', async () => {
    await freshBrowser([alice()]);
    // This worker's getUser goes through; then it is killed while its capacity call is on the wire.
    const dying = newWorker((input, init) =>
      String(input).startsWith(sim().nodeUrl) ? new Promise<Response>(() => {}) : globalThis.fetch(input, init),
    );
    void dying.start('worker-start');
    await vi.waitFor(async () => expect((await snapshotOf('id-alice')).keepAlive.lastSuccessAt).toBe(clock.now));
    expect(await snapshotOf('id-alice')).toMatchObject({ refresh: { consecutiveFailures: 0 } });
    expect((await snapshotOf('id-alice')).capacity).toBeUndefined();
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 0]);

    clock.now += MINUTE; // the browser starts a new worker for the next event
    await newWorker().start('worker-start');
    const snapshot = await snapshotOf('id-alice');
    expect(snapshot.capacity).toMatchObject({ used: 10 * GB, quota: 100 * GB });
    // Only what the dead worker left undone is done: no second keep-alive.
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 1]);
  });
});

describe('notifications', () => {
  it('notifies once per rising crossing, re-armed only below the threshold minus the margin', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const worker = await freshBrowser([alice()]);
    const usageAt = async (percent: number) => {
      sim().account('alice').used = percent * GB;
      clock.now += 30 * MINUTE;
      await worker.onAlarm(ALARM.refresh);
      return notices(create).map(([id, options]) => `${id} ${options.title}`);
    };
    await worker.start('worker-start');
    expect(await usageAt(91)).toEqual(['usage:id-alice alice: storage nearly full']);
    expect(await usageAt(92)).toHaveLength(1);
    expect(await usageAt(89)).toHaveLength(1); // still within the margin: not re-armed
    expect(await usageAt(91)).toHaveLength(1);
    expect(await usageAt(96)).toEqual(['usage:id-alice alice: storage nearly full', 'usage:id-alice alice: storage critically full']);
    expect(await usageAt(94)).toHaveLength(2);
    expect(await usageAt(80)).toHaveLength(2); // re-armed
    expect(await usageAt(90)).toHaveLength(3);
    create.mockRestore();
  });

  it('tells about a keep-alive failing for over a day, once, with the reason; and about the recovery', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const lastSuccess = clock.now;
    const password = sim().account('alice').password;
    sim().account('alice').password = 'changed-on-the-website';
    for (let hour = 1; hour <= 48; hour++) {
      clock.now += HOUR;
      await worker.onAlarm(ALARM.retry);
      await worker.onAlarm(ALARM.keepAlive);
    }
    const failing = notices(create).filter(([id]) => id === 'keep-alive:id-alice');
    expect(failing).toHaveLength(1);
    expect(failing[0]![1]).toMatchObject({
      title: 'alice: sign-in is failing',
      message: expect.stringContaining('apps password was rejected'),
    });
    expect(failing[0]![1].message).toContain(`No sign-in since ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(lastSuccess)}.`);
    sim().account('alice').password = password;
    await worker.checkNow({});
    expect(notices(create).at(-1)?.[1]).toMatchObject({ title: 'alice: sign-in works again' });
    create.mockRestore();
  });
});

describe('badge', () => {
  it.each([
    ['normal', 40, '40%', BADGE_COLORS.normal, '40%'],
    ['warning', 91, '91%', BADGE_COLORS.warning, 'Nearly full: 91%'],
    ['critical', 97.5, '98%', BADGE_COLORS.critical, 'Critically full: 98%'],
  ])('shows the usage in the %s colour, named with its level in the title', async (_level, percent, text, color, words) => {
    sim().account('alice').used = percent * GB;
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    expect(await fakeBrowser.action.getBadgeText({})).toBe(text);
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual(hexToRgba(color));
    expect(await fakeBrowser.action.getTitle({})).toMatch(new RegExp(`^Storage Keeper\nalice: ${words} · Last sign-in `));
  });

  it('shows ! in its own colour with the reason in the title when an account needs the user', async () => {
    const worker = await freshBrowser([alice(), { ...bob(), apiKey: 'wrong' }]);
    await worker.start('worker-start');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual(hexToRgba(BADGE_COLORS['needs-you']));
    expect(await fakeBrowser.action.getTitle({})).toContain('bob: usage unknown · No sign-in yet\n! needs you: The API key was rejected.');
  });
});

describe('messages', () => {
  it('tests unsaved settings without storing anything', async () => {
    const worker = await freshBrowser();
    const report = await worker.testConnection(alice());
    expect(report.user.ok && report.user.value.user).toBe('alice');
    expect(report.capacity).toEqual({ ok: true, value: { quota: 100 * GB, used: 10 * GB } });
    expect(report.nodeOrigin).toBe(sim().nodeUrl);
    expect(await fakeBrowser.storage.local.get()).toEqual({});
  });

  it('reports each failing step of a test', async () => {
    const worker = await freshBrowser();
    sim().setFault('node', 'html-502');
    const report = await worker.testConnection(alice());
    expect(report.user.ok).toBe(true);
    expect(report.capacity).toEqual({ ok: false, failure: { kind: 'server-error', status: 502 } });
    const rejected = await worker.testConnection({ ...alice(), password: 'nope' });
    expect(rejected).toEqual({ user: { ok: false, failure: { kind: 'credentials-rejected' } } });
  });
});

/** The notifications created, as [id, options]. */
function notices(create: { mock: { calls: unknown[][] } }) {
  return create.mock.calls.map(([id, options]) => [id as string, options as { title: string; message: string }] as const);
}

function hexToRgba(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}
