import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { nextAttemptAt } from '@/lib/schedule/when-due';
import { ALARM } from '@/lib/store/stored-names';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/store/settings';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  clock,
  countRequests,
  DAY,
  HOUR,
  MINUTE,
  snapshotOf,
  backgroundSuite,
} from '../helpers/harness';
import { settingsItems } from '../../../testbed/browsers/stored-items';

// When the service asks Storage Keeper to wait (429, or 503 with Retry-After), nothing calls it
// before that time: not the periodic alarms, not a worker or browser start. The retry alarm
// set for that time does; nor Check now, which says how long is left. Against the real simulator,
// counting what it receives.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [
    demoAccount({ userId: 'alice' }),
    demoAccount({ userId: 'bob', password: 'bob-pw', apiKey: 'bob-key' }),
  ],
});

async function browserWith(settings: Partial<Settings>) {
  const worker = await freshBrowser([stored('alice')]);
  await fakeBrowser.storage.local.set(settingsItems(settings));
  return worker;
}

describe('the service asked to wait', () => {
  it.each([30, 5])(
    'usage updates every %i minutes, the node rate-limited for an hour: no periodic alarm calls it within the hour; the retry alarm at the hour does',
    async (minutes) => {
      const worker = await browserWith({ usageUpdateMinutes: minutes });
      sim().setFault('node', 'rate-limited', { retryAfter: '3600' });
      const askedAt = clock.now;
      await worker.start('worker-start');
      expect(countRequests(sim(), 'node', 429)).toBe(1);
      expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + HOUR);

      // Every periodic usage-update alarm inside the hour, a new worker, a new browser session.
      for (let after = minutes * MINUTE; after < HOUR; after += minutes * MINUTE) {
        clock.now = askedAt + after;
        await worker.onAlarm(ALARM.usageUpdate);
      }
      await newWorker().start('worker-start');
      await newWorker().start('browser-start');
      expect(countRequests(sim(), 'node')).toBe(1);

      sim().setFault('node', undefined);
      // The held runs and the new workers kept the retry alarm at the server's time.
      expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + HOUR);
      clock.now = askedAt + HOUR;
      await worker.onAlarm(ALARM.retry);
      expect(countRequests(sim(), 'node')).toBe(2);
      expect((await snapshotOf('id-alice')).refresh).toEqual({
        lastAttemptAt: clock.now,
        lastSuccessAt: clock.now,
        consecutiveFailures: 0,
      });
    },
    20_000,
  );

  it('hourly sign-ins, the API server in maintenance for two hours (503): held on every trigger, the card’s next attempt is its time; the retry alarm signs in', async () => {
    const settings = { ...DEFAULT_SETTINGS, signInHours: 1 };
    const worker = await browserWith(settings);
    sim().setFault('api', 'unavailable', { retryAfter: '7200' });
    const askedAt = clock.now;
    await worker.start('worker-start');
    // The usage update needs the node from getUser, which waits too: nothing goes to the node.
    expect([countRequests(sim(), 'api', 503), countRequests(sim(), 'node')]).toEqual([1, 0]);
    expect(nextAttemptAt(await snapshotOf('id-alice'), 'signIn', settings, clock.now)).toBe(
      askedAt + 2 * HOUR,
    );

    clock.now = askedAt + HOUR;
    await worker.onAlarm(ALARM.signIn);
    await worker.onAlarm(ALARM.usageUpdate);
    clock.now = askedAt + 90 * MINUTE;
    await newWorker().start('worker-start');
    await newWorker().start('browser-start');
    expect(sim().requests).toHaveLength(1);

    sim().setFault('api', undefined);
    expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + 2 * HOUR);
    clock.now = askedAt + 2 * HOUR;
    await worker.onAlarm(ALARM.retry);
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual([1, 1]);
  }, 60_000);

  it('a usage update that needs getUser during its wait waits only what is left of it, then goes out with the sign-in', async () => {
    const settings = { ...DEFAULT_SETTINGS, signInHours: 1 };
    const worker = await browserWith(settings);
    await worker.start('worker-start');
    // An hour later the node has moved (404: its address is stale) and the API server asks for an hour.
    clock.now += HOUR;
    sim().setFault('node', 'not-found');
    sim().setFault('api', 'rate-limited', { retryAfter: '3600' });
    await worker.onAlarm(ALARM.usageUpdate);
    const askedAt = clock.now;
    await worker.onAlarm(ALARM.signIn);
    expect((await snapshotOf('id-alice')).nodeStale).toBe(true);
    // The usage update's retry: it needs getUser for the new node, which must wait.
    clock.now = (await snapshotOf('id-alice')).refresh.retryAt!;
    await worker.onAlarm(ALARM.retry);
    expect(countRequests(sim(), 'api', 429)).toBe(1);
    expect((await snapshotOf('id-alice')).refresh.retryAt).toBe(askedAt + HOUR);

    sim().setFault('node', undefined);
    sim().setFault('api', undefined);
    expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + HOUR);
    clock.now = askedAt + HOUR;
    await worker.onAlarm(ALARM.retry);
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual([2, 2]);
  }, 60_000);

  it.each([
    ['a 429', 'api', 'rate-limited'],
    ['a 503 with Retry-After', 'api', 'unavailable'],
    ['a 429 on the node', 'node', 'rate-limited'],
  ] as const)(
    'Check now after %s (Retry-After: 120) sends nothing before the time, says how long is left; a click at the time checks at once (the usage update’s own backoff, 5 minutes, does not hold it)',
    async (_why, server, fault) => {
      const worker = await browserWith({});
      await worker.start('worker-start');
      sim().requests.length = 0;
      sim().setFault(server, fault, { retryAfter: '120' });
      clock.now += HOUR;
      const askedAt = clock.now;
      // The click that hears the 429 went out: the card tells that failure, the answer holds nothing back.
      expect(await worker.checkNow({})).toEqual({});
      const answered = sim().requests.length;
      // A click every 25 s, as in the probe that found it: each held, each told what is left.
      for (const after of [16_000, 41_000, 66_000, 91_000, 116_000, 119_999]) {
        clock.now = askedAt + after;
        expect(await worker.checkNow({})).toEqual({ waitMs: 120_000 - after });
        expect(await worker.checkNow({ accountId: 'id-alice' })).toEqual({
          waitMs: 120_000 - after,
        });
      }
      expect(sim().requests).toHaveLength(answered);

      sim().setFault(server, undefined);
      clock.now = askedAt + 120_000;
      expect(await worker.checkNow({})).toEqual({});
      expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual(
        [1, 1].map((n, i) => n + (server === ['api', 'node'][i] ? 0 : 1)),
      );
      expect((await snapshotOf('id-alice')).keepAlive.lastSuccessAt).toBe(clock.now);
    },
  );

  it('a Retry-After of a week holds Check now as the scheduler holds its alarms: a day at most', async () => {
    const worker = await browserWith({});
    sim().setFault('api', 'rate-limited', { retryAfter: String(7 * 24 * 3600) });
    await worker.start('worker-start');
    const askedAt = clock.now;
    clock.now += MINUTE;
    expect(await worker.checkNow({})).toEqual({ waitMs: DAY - MINUTE });
    sim().setFault('api', undefined);
    clock.now = askedAt + DAY;
    expect(await worker.checkNow({})).toEqual({});
    expect(countRequests(sim(), 'api', 200)).toBe(1);
  });

  it('only the account the service asked to wait is held: Check now of all checks the others, and says how long the held one waits', async () => {
    const worker = await freshBrowser([stored('alice'), stored('bob')]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    // bob's password is refused; alice is rate-limited by the service (its next answer).
    sim().setFault('api', 'rate-limited', { retryAfter: '600' });
    clock.now += HOUR;
    await worker.checkNow({ accountId: 'id-alice' });
    sim().setFault('api', undefined);
    clock.now += MINUTE;
    sim().requests.length = 0;
    expect(await worker.checkNow({})).toEqual({ waitMs: 9 * MINUTE, partly: true });
    expect(sim().requests.map((r) => [r.server, r.userId])).toEqual([
      ['api', 'bob'],
      ['node', 'bob'],
    ]);
  });
});
