import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ALARM } from '@/lib/store/stored-names';
import { demoAccount } from '../../../testbed/simulator/simulator';
import { clock, countRequests, DAY, backgroundSuite } from '../helpers/harness';

// A clock once set a year ahead, then set right: the retry alarm, set while it ran ahead, would
// wait a year. It is armed again with the periodic alarms at the next worker start, and no run
// arms it again from a retry time dated in that future.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'alice' })],
});
const YEAR = 365 * DAY;
const retryAlarm = async () => (await fakeBrowser.alarms.get(ALARM.retry))?.scheduledTime;

describe('the retry alarm after a clock set back', () => {
  it('is armed again at the next worker start, with the periodic alarms, before that run’s calls are answered', async () => {
    const worker = await freshBrowser([stored('alice')]);
    sim().setFault('api', 'server-error');
    clock.now += YEAR; // the clock set ahead…
    await worker.start('worker-start');
    expect(await retryAlarm()).toBeGreaterThan(clock.now);
    clock.now -= YEAR; // …and set right: the retry alarm would wait a year
    sim().setFault('api', undefined);

    // The new worker's run is held at its first call: a worker may stop there, before the run arms anything.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calling = false;
    const started = newWorker({
      fetch: async (input, init) => {
        calling = true;
        await gate;
        return globalThis.fetch(input, init);
      },
    }).start('worker-start');
    await vi.waitFor(() => expect(calling).toBe(true), { timeout: 5_000 });
    expect(await retryAlarm()).toBeLessThanOrEqual(clock.now);
    release();
    await started;
    expect(countRequests(sim(), 'api', 200)).toBe(1);
  });

  it('a run that leaves the failed sign-in (dated a year ahead) to its own alarm arms the retry for now, not a year ahead', async () => {
    const worker = await freshBrowser([stored('alice')]);
    clock.now += YEAR;
    await worker.start('worker-start'); // signed in, usage updated, a year ahead
    clock.now += DAY;
    sim().setFault('api', 'server-error');
    await worker.onAlarm(ALARM.signIn); // the sign-in fails: its retry a minute later, a year ahead
    expect(await retryAlarm()).toBeGreaterThan(clock.now);
    clock.now -= YEAR + DAY;
    sim().setFault('api', undefined);

    await worker.onAlarm(ALARM.usageUpdate); // the usage update only
    expect(countRequests(sim(), 'node', 200)).toBe(2);
    expect(await retryAlarm()).toBe(clock.now);
    await worker.onAlarm(ALARM.retry);
    expect(countRequests(sim(), 'api', 200)).toBe(2);
  });
});
