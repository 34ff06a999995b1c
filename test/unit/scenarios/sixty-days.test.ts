import { expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadAccounts } from '@/lib/store/reads';
import { demoAccount, type Simulator } from '../../../testbed/simulator/simulator';
import { storedAccount } from '../../../testbed/simulator/stored-account';
import {
  backgroundSuite,
  clock,
  DAY,
  HOUR,
  MINUTE,
  runAlarmsUntil as runAlarmsUntilIn,
  storeAccounts,
} from '../helpers/harness';
import { recordNotices } from '../helpers/shown-notices';

/**
 * Sixty days of browser life, two accounts: the browser opens at a different hour each day
 * for 6–9 hours (one hour on some), stays closed some days, sleeps some afternoons, loses its alarms on some
 * restarts, is offline two days, and bob's apps password is wrong for a week (changed on the
 * website on day 14, fixed in the options on day 21). On some days the Wi-Fi comes up a few
 * minutes after the browser (a brief outage at the scheduled time); on day 30 the service
 * answers 429 with a Retry-After of two years; on day 39 alice's account is edited to another
 * server. Each event gets a new worker, as MV3 kills idle workers.
 */
const START = Date.UTC(2026, 8, 1);
const closed = (day: number) => day % 9 === 4;
const offline = (day: number) => day === 35 || day === 36;
const sleeps = (day: number) => day % 5 === 2;
const WRONG_FROM = 14;
const FIXED_ON = 21;
const slowWifi = (day: number) => day % 6 === 1;
const RATE_LIMITED_ON = 30;
const MOVED_ON = 39;

let isOffline = false;
let wifiUpAt = 0;
let wifiFailures = 0;
const offlineFetch: typeof fetch = (...args) => {
  if (!isOffline && clock.now < wifiUpAt) wifiFailures++;
  return isOffline || clock.now < wifiUpAt
    ? Promise.reject(new TypeError('Failed to fetch'))
    : globalThis.fetch(...args);
};

const { sim, freshBrowser, newWorker } = backgroundSuite({
  users: [
    demoAccount({ userId: 'alice' }),
    demoAccount({ userId: 'bob', password: 'bob-1', apiKey: 'bob-key' }),
  ],
  clockStartsAt: START,
});
// the server alice's account moves to
const { sim: other } = backgroundSuite({
  users: [demoAccount({ userId: 'alice2', password: 'pw-2', apiKey: 'key-2' })],
  clockStartsAt: START,
});

/** Every alarm due by `until`, each in a new worker that cannot reach the service while offline. */
const runAlarmsUntil = (until: number) =>
  runAlarmsUntilIn(until, () => newWorker({ fetch: offlineFetch }));

it(
  'keeps both accounts alive every day the browser ran, tells of real failures only, once, and survives hostile answers and edits',
  { timeout: 180_000 },
  async () => {
    const notices = recordNotices();
    await freshBrowser([
      storedAccount(sim(), sim().account('alice')),
      storedAccount(sim(), sim().account('bob')),
    ]);
    const sessions: { day: number; from: number; to: number }[] = [];
    let movedAt = Number.POSITIVE_INFINITY;

    for (let day = 0; day < 60; day++) {
      if (day === WRONG_FROM) sim().account('bob').password = 'bob-2'; // changed on the website
      if (closed(day)) continue;
      const from = START + day * DAY + (8 + ((day * 7) % 5)) * HOUR;
      const to = from + (day % 7 === 3 ? 1 : 6 + (day % 4)) * HOUR; // some days only a quick look
      sessions.push({ day, from, to });
      isOffline = offline(day);
      wifiUpAt = slowWifi(day) ? from + 2 * MINUTE : 0;
      clock.now = from;
      if (day === RATE_LIMITED_ON)
        sim().setFault('api', 'rate-limited', { retryAfter: '63072000' });
      const worker = newWorker({ fetch: offlineFetch });
      await worker.start('worker-start');
      await worker.start('browser-start');
      sim().setFault('api', undefined);
      if (day === MOVED_ON) {
        clock.now += MINUTE;
        movedAt = clock.now;
        const { accounts } = await loadAccounts();
        const moved = storedAccount(other(), other().account('alice2'), {
          id: 'id-alice',
          label: 'alice',
        });
        await storeAccounts(accounts.map((a) => (a.id === 'id-alice' ? moved : a)));
        await newWorker({ fetch: offlineFetch }).reschedule(); // what the storage change wakes the worker for
        await newWorker({ fetch: offlineFetch }).checkNow({ accountId: 'id-alice' }); // what the Settings page sends
      }
      if (day === FIXED_ON) {
        await runAlarmsUntil(from + HOUR);
        const { accounts } = await loadAccounts();
        await storeAccounts(
          accounts.map((a) => (a.userId === 'bob' ? { ...a, password: 'bob-2' } : a)),
        );
        await newWorker({ fetch: offlineFetch }).checkNow({ accountId: 'id-bob' }); // what the Settings page sends
      }
      if (sleeps(day)) {
        await runAlarmsUntil(from + 2 * HOUR);
        clock.now = from + 4 * HOUR; // asleep two hours: nothing fires, then overdue alarms fire once
      }
      await runAlarmsUntil(to);
      if (day % 2 === 1) await fakeBrowser.alarms.clearAll(); // some restarts lose the alarms
    }

    const keptAlive = (
      server: Simulator,
      user: string,
      { from, to }: { from: number; to: number },
    ) =>
      server.requests.some(
        (r) =>
          r.server === 'api' &&
          r.userId === user &&
          r.status === 200 &&
          r.atMs >= from &&
          r.atMs <= to,
      );
    const bobWrong = (day: number) => day >= WRONG_FROM && day < FIXED_ON;
    for (const session of sessions) {
      if (offline(session.day) || session.day === RATE_LIMITED_ON) continue;
      if (session.day < MOVED_ON)
        expect(keptAlive(sim(), 'alice', session), `alice, day ${session.day}`).toBe(true);
      else
        expect(
          keptAlive(other(), 'alice2', session),
          `alice on the new server, day ${session.day}`,
        ).toBe(true);
      if (!bobWrong(session.day))
        expect(keptAlive(sim(), 'bob', session), `bob, day ${session.day}`).toBe(true);
    }

    // The absurd Retry-After delayed the sign-in to the next session, no further.
    expect(sim().requests.filter((r) => r.status === 429)).toHaveLength(2);
    expect(sessions.find((s) => s.day > RATE_LIMITED_ON)).toMatchObject({
      day: RATE_LIMITED_ON + 2,
    }); // day 31 the browser stayed closed

    // After the edit, nothing more went to the old server's node (or API) for alice.
    expect(sim().requests.filter((r) => r.userId !== 'bob' && r.atMs >= movedAt)).toEqual([]);

    // Brief outages at the scheduled time and the 429 day told nothing; only the two offline days could.
    const aliceNotices = notices.filter((n) => n.id === 'keep-alive:id-alice');
    for (const notice of aliceNotices)
      expect(
        offline(Math.floor((notice.at - START) / DAY) - 1) ||
          offline(Math.floor((notice.at - START) / DAY)),
      ).toBe(true);
    expect(wifiFailures).toBeGreaterThan(5); // the outages did happen

    // Polite: about one sign-in a day, and capacity from the cached node without extra getUser calls.
    const aliceLogins = [...sim().requests, ...other().requests].filter(
      (r) => r.server === 'api' && r.userId?.startsWith('alice'),
    ).length;
    expect(aliceLogins).toBeLessThanOrEqual(sessions.length * 1.5);

    const firstRejection = sim().requests.find((r) => r.userId === 'bob' && r.status === 401)!;
    const failing = notices.filter(
      (n) => n.id === 'keep-alive:id-bob' && n.title.includes('failing'),
    );
    const bobFailing = failing.find((n) => n.message.includes('apps password was rejected'));
    expect(bobFailing, 'bob told of the wrong password').toBeDefined();
    // Told once the failures have lasted over a day (never at the first one), at the next check after that.
    expect(bobFailing!.at - firstRejection.atMs).toBeGreaterThan(DAY);
    expect(bobFailing!.at - firstRejection.atMs).toBeLessThanOrEqual(2 * DAY);
    expect(failing.filter((n) => n.message.includes('apps password'))).toHaveLength(1);
    const recovered = notices.find(
      (n) =>
        n.id === 'keep-alive:id-bob' && n.title.includes('works again') && n.at > bobFailing!.at,
    );
    expect(recovered && recovered.at < START + (FIXED_ON + 1) * DAY).toBe(true);
  },
);
