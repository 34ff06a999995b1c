import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { nextAttemptAt } from '@/lib/outlook/schedule';
import { ALARM } from '@/lib/background/runner';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/store/settings';
import { demoAccount } from '../../scripts/simulator/simulator';
import { clock, countRequests, freshBrowser, HOUR, MINUTE, newWorker, simulatorForSuite, snapshotOf } from './helpers/harness';

// When the service asks Storage Keeper to wait (429, or 503 with Retry-After), nothing calls it
// before that time: not the periodic alarms, not a worker or browser start. The retry alarm
// set for that time does. Against the real simulator, counting what it receives.

const { sim, stored } = simulatorForSuite([demoAccount({ userId: 'alice' })]);

async function browserWith(settings: Partial<Settings>) {
  const worker = await freshBrowser([stored('alice')]);
  await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, ...settings } });
  return worker;
}

describe('the service asked to wait', () => {
  it.each([30, 5])(
    'usage updates every %i minutes, the node rate-limited for an hour: no periodic alarm calls it within the hour; the retry alarm at the hour does',
    async (minutes) => {
      const worker = await browserWith({ refreshMinutes: minutes });
      sim().setFault('node', 'rate-limited', { retryAfter: '3600' });
      const askedAt = clock.now;
      await worker.start('worker-start');
      expect(countRequests(sim(), 'node', 429)).toBe(1);
      expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + HOUR);

      // Every periodic usage-update alarm inside the hour, a new worker, a new browser session.
      for (let after = minutes * MINUTE; after < HOUR; after += minutes * MINUTE) {
        clock.now = askedAt + after;
        await worker.onAlarm(ALARM.refresh);
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
      expect((await snapshotOf('id-alice')).refresh).toEqual({ lastAttemptAt: clock.now, lastSuccessAt: clock.now, consecutiveFailures: 0 });
    },
    20_000,
  );

  it('hourly sign-ins, the API server in maintenance for two hours (503): held on every trigger, the card’s next attempt is its time; the retry alarm signs in', async () => {
    const settings = { ...DEFAULT_SETTINGS, keepAliveHours: 1 };
    const worker = await browserWith(settings);
    sim().setFault('api', 'unavailable', { retryAfter: '7200' });
    const askedAt = clock.now;
    await worker.start('worker-start');
    // The usage update needs the node from getUser, which waits too: nothing goes to the node.
    expect([countRequests(sim(), 'api', 503), countRequests(sim(), 'node')]).toEqual([1, 0]);
    expect(nextAttemptAt(await snapshotOf('id-alice'), 'keepAlive', settings, clock.now)).toBe(askedAt + 2 * HOUR);

    clock.now = askedAt + HOUR;
    await worker.onAlarm(ALARM.keepAlive);
    await worker.onAlarm(ALARM.refresh);
    clock.now = askedAt + 90 * MINUTE;
    await newWorker().start('worker-start');
    await newWorker().start('browser-start');
    expect(sim().requests).toHaveLength(1);

    sim().setFault('api', undefined);
    expect((await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime).toBe(askedAt + 2 * HOUR);
    clock.now = askedAt + 2 * HOUR;
    await worker.onAlarm(ALARM.retry);
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 200)]).toEqual([1, 1]);
  }, 20_000);

  it('a usage update that needs getUser during its wait waits only what is left of it, then goes out with the sign-in', async () => {
    const settings = { ...DEFAULT_SETTINGS, keepAliveHours: 1 };
    const worker = await browserWith(settings);
    await worker.start('worker-start');
    // An hour later the node has moved (404: its address is stale) and the API server asks for an hour.
    clock.now += HOUR;
    sim().setFault('node', 'not-found');
    sim().setFault('api', 'rate-limited', { retryAfter: '3600' });
    await worker.onAlarm(ALARM.refresh);
    const askedAt = clock.now;
    await worker.onAlarm(ALARM.keepAlive);
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
  }, 20_000);

  it('Check now during the wait goes out (a person’s click, once in 10 seconds), and the new answer sets the wait', async () => {
    const worker = await browserWith({});
    sim().setFault('node', 'rate-limited', { retryAfter: '3600' });
    await worker.start('worker-start');
    clock.now += MINUTE;
    const clickedAt = clock.now;
    await worker.checkNow({});
    clock.now += 5_000;
    await worker.checkNow({});
    expect([countRequests(sim(), 'api', 200), countRequests(sim(), 'node', 429)]).toEqual([2, 2]);
    expect((await snapshotOf('id-alice')).refresh.retryAt).toBe(clickedAt + HOUR);
  });
});
