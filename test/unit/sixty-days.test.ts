import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadAccounts } from '@/lib/storage';
import { demoAccount, startSimulator, type Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import { clock, DAY, freshBrowser, HOUR, MINUTE, newWorker, storeAccounts } from './helpers/harness';

/**
 * Sixty days of browser life, two accounts: the browser opens at a different hour each day
 * for 6–9 hours (one hour on some), stays closed some days, sleeps some afternoons, loses its alarms on some
 * restarts, is offline two days, and bob's apps password is wrong for a week (changed on the
 * website on day 14, fixed in the options on day 21). Each event gets a new worker, as MV3
 * kills idle workers.
 */
const START = Date.UTC(2026, 8, 1);
const closed = (day: number) => day % 9 === 4;
const offline = (day: number) => day === 35 || day === 36;
const sleeps = (day: number) => day % 5 === 2;
const WRONG_FROM = 14;
const FIXED_ON = 21;

let sim: Simulator;
let isOffline = false;
const offlineFetch: typeof fetch = (...args) =>
  isOffline ? Promise.reject(new TypeError('Failed to fetch')) : globalThis.fetch(...args);

beforeAll(async () => {
  clock.now = START;
  sim = await startSimulator({
    now: () => clock.now,
    accounts: [demoAccount({ userId: 'alice' }), demoAccount({ userId: 'bob', password: 'bob-1', apiKey: 'bob-key' })],
  });
});
afterAll(() => sim.close());

/** Fires every alarm due by `until`, as Chrome does: once, however many periods were missed. */
async function runAlarmsUntil(until: number) {
  for (;;) {
    const alarms = await fakeBrowser.alarms.getAll();
    const next = Math.min(...alarms.map((a) => a.scheduledTime));
    if (!(next <= until)) break;
    clock.now = Math.max(clock.now, next);
    for (const alarm of alarms.filter((a) => a.scheduledTime <= clock.now)) {
      if (alarm.periodInMinutes) {
        let when = alarm.scheduledTime;
        while (when <= clock.now) when += alarm.periodInMinutes * MINUTE;
        await fakeBrowser.alarms.create(alarm.name, { when, periodInMinutes: alarm.periodInMinutes });
      } else {
        await fakeBrowser.alarms.clear(alarm.name);
      }
      const worker = newWorker(offlineFetch);
      await Promise.all([worker.start('worker-start'), worker.onAlarm(alarm.name)]);
    }
  }
  clock.now = Math.max(clock.now, until);
}

it('keeps both accounts alive every day the browser ran, and reports the wrong password after a day', { timeout: 120_000 }, async () => {
  const notices: { at: number; id: string; title: string; message: string }[] = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    notices.push({ at: clock.now, id, title: options.title, message: options.message });
    return id;
  }) as never);
  await freshBrowser([storedAccount(sim, sim.account('alice')), storedAccount(sim, sim.account('bob'))]);
  const sessions: { day: number; from: number; to: number }[] = [];

  for (let day = 0; day < 60; day++) {
    if (day === WRONG_FROM) sim.account('bob').password = 'bob-2'; // changed on the website
    if (closed(day)) continue;
    const from = START + day * DAY + (8 + ((day * 7) % 5)) * HOUR;
    const to = from + (day % 7 === 3 ? 1 : 6 + (day % 4)) * HOUR; // some days only a quick look
    sessions.push({ day, from, to });
    isOffline = offline(day);
    clock.now = from;
    const worker = newWorker(offlineFetch);
    await worker.start('worker-start');
    await worker.start('browser-start');
    if (day === FIXED_ON) {
      await runAlarmsUntil(from + HOUR);
      const { accounts } = await loadAccounts();
      await storeAccounts(accounts.map((a) => (a.userId === 'bob' ? { ...a, password: 'bob-2' } : a)));
      await newWorker(offlineFetch).handlers.refresh({ accountId: 'id-bob' }); // what the options page sends
    }
    if (sleeps(day)) {
      await runAlarmsUntil(from + 2 * HOUR);
      clock.now = from + 4 * HOUR; // asleep two hours: nothing fires, then overdue alarms fire once
    }
    await runAlarmsUntil(to);
    if (day % 2 === 1) await fakeBrowser.alarms.clearAll(); // some restarts lose the alarms
  }

  const keptAlive = (user: string, { from, to }: { from: number; to: number }) =>
    sim.requests.some((r) => r.server === 'api' && r.userId === user && r.status === 200 && r.atMs >= from && r.atMs <= to);
  const bobWrong = (day: number) => day >= WRONG_FROM && day < FIXED_ON;
  for (const session of sessions) {
    if (offline(session.day)) continue;
    expect(keptAlive('alice', session), `alice, day ${session.day}`).toBe(true);
    if (!bobWrong(session.day)) expect(keptAlive('bob', session), `bob, day ${session.day}`).toBe(true);
  }

  // Polite: about one keep-alive a day, and capacity from the cached node without extra getUser calls.
  const aliceLogins = sim.requests.filter((r) => r.server === 'api' && r.userId === 'alice').length;
  expect(aliceLogins).toBeLessThanOrEqual(sessions.length * 1.5);

  const firstRejection = sim.requests.find((r) => r.userId === 'bob' && r.status === 401)!;
  const failing = notices.filter((n) => n.id === 'keep-alive:id-bob' && n.title.includes('failing'));
  const bobFailing = failing.find((n) => n.message.includes('apps password was rejected'));
  expect(bobFailing, 'bob told of the wrong password').toBeDefined();
  // Told once the failures have lasted over a day (never at the first one), at the next check after that.
  expect(bobFailing!.at - firstRejection.atMs).toBeGreaterThan(DAY);
  expect(bobFailing!.at - firstRejection.atMs).toBeLessThanOrEqual(2 * DAY);
  expect(failing.filter((n) => n.message.includes('apps password'))).toHaveLength(1);
  const recovered = notices.find((n) => n.id === 'keep-alive:id-bob' && n.title.includes('works again') && n.at > bobFailing!.at);
  expect(recovered && recovered.at < START + (FIXED_ON + 1) * DAY).toBe(true);
});
