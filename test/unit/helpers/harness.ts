import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Account } from '@/lib/store/accounts';
import type { Settings } from '@/lib/store/settings';
import { registerBackground } from '@/entrypoints/background';
import { createBackgroundService, type BackgroundService } from '@/lib/background/events';
import { hasHostPermission } from '@/lib/extension/permissions';
import { createServiceApi } from '@/lib/service/client';
import { loadSnapshots } from '@/lib/store/reads';
import { type historyItem } from '@/lib/store/items';
import { type wholeHistory } from '@/lib/store/history-sources';
import { emptySnapshot } from '@/lib/store/account-state';
import {
  demoAccount,
  startSimulator,
  type SimAccount,
  type Simulator,
} from '../../../testbed/simulator/simulator';
import { GIB } from '@/lib/basics/bytes';
import { MINUTE_MS } from '@/lib/basics/time';
import { storedAccount } from '../../../testbed/simulator/stored-account';
import { installFakeExtensionApis } from './fake-extension';
import { CALL_TIMEOUT_MS } from './call-timeout';
import { settingsItems } from '../../../testbed/browsers/stored-items';

export { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

/** Where the clock stands before each test unless a suite names its own start. */
const START = Date.UTC(2026, 10, 2, 0, 0, 0);

/** A settable clock shared by the simulator and the background. */
export const clock = { now: START };

/**
 * The one way a unit test sets up a background, for the tests of the suite it is called in (a
 * file, or a describe block). Before each test the clock is back at `clockStartsAt`. With
 * `users`, a simulator serves them on that clock: started before the suite, closed after it, and
 * before each test its users are as given again, with no request recorded and no fault set.
 * `sim()` is the running simulator, `stored(userId)` the account (as the Settings page stores it)
 * that signs in to one of its users. `freshBrowser(accounts)` is a new fake browser (storage,
 * alarms, badge, notifications) holding those accounts, with a worker on it; `newWorker()` a new
 * worker on the same browser (a killed and restarted service worker), `listening` as the
 * entrypoint starts one: its listeners registered, so tests fire real browser events at it.
 */
export function backgroundSuite({
  users,
  clockStartsAt = START,
}: { users?: readonly SimAccount[]; clockStartsAt?: number } = {}) {
  let running: Simulator | undefined;
  const sim = (): Simulator => {
    if (!running) throw new Error('backgroundSuite: no simulator without users');
    return running;
  };
  // Copies: a test's changes to its simulator's users are undone before the next test.
  const asGiven = () => (users ?? []).map((user) => structuredClone(user));
  if (users) {
    beforeAll(async () => {
      running = await startSimulator({ now: () => clock.now, accounts: asGiven() });
    });
    afterAll(() => running?.close());
  }
  beforeEach(() => {
    clock.now = clockStartsAt;
    if (!running) return;
    running.accounts.splice(0, Infinity, ...asGiven());
    running.requests.length = 0;
    running.setFault('api', undefined);
    running.setFault('node', undefined);
  });
  return {
    sim,
    stored: (userId: string, overrides: Partial<Account> = {}): Account =>
      storedAccount(sim(), sim().account(userId), overrides),
    freshBrowser,
    newWorker,
  };
}

/** Writes accounts into storage.local as the Settings page leaves them (list and version marker). */
export async function storeAccounts(accounts: readonly unknown[]) {
  await fakeBrowser.storage.local.set({ accounts, accounts$: { v: 2 } });
}

/** Writes the settings as the Settings page saves them (value and version marker): the defaults but `changed`. */
export async function storeSettings(changed: Partial<Settings>) {
  await fakeBrowser.storage.local.set(settingsItems(changed));
}

async function freshBrowser(
  accounts: Account[] = [],
  opts: Parameters<typeof installFakeExtensionApis>[0] = {},
) {
  stopListening();
  fakeBrowser.reset();
  installFakeExtensionApis(opts);
  if (accounts.length > 0) await storeAccounts(accounts);
  return newWorker();
}

function newWorker({
  fetch,
  listening = false,
}: { fetch?: typeof globalThis.fetch; listening?: boolean } = {}): BackgroundService {
  const worker = createBackgroundService({
    api: createServiceApi({ timeoutMs: CALL_TIMEOUT_MS, ...(fetch && { fetch }) }),
    canReach: hasHostPermission,
    now: () => clock.now,
  });
  if (listening) {
    stopListening();
    stopListening = registerBackground(worker);
  }
  return worker;
}
let stopListening = () => {};

/** Fires an alarm as the browser does: through the registered onAlarm listener, awaited. */
export async function fireAlarm(name: string) {
  await fakeBrowser.alarms.onAlarm.trigger({
    name,
    scheduledTime: clock.now,
    periodInMinutes: undefined,
  } as never);
}

/**
 * Lets the clock run to `until`, jumping from one alarm to the next and firing every alarm due, as
 * Chrome does: once, however many periods were missed. Each alarm wakes a new worker (`worker()`:
 * MV3 stops idle workers), which starts as the browser starts it; with `{ wakes: false }`,
 * `worker()` is one still running (alarms come often enough to keep it alive).
 */
export async function runAlarmsUntil(
  until: number,
  worker: () => BackgroundService,
  { wakes = true } = {},
) {
  for (;;) {
    const alarms = await fakeBrowser.alarms.getAll();
    const next = Math.min(...alarms.map((a) => a.scheduledTime));
    if (!(next <= until)) break;
    clock.now = Math.max(clock.now, next);
    for (const alarm of alarms.filter((a) => a.scheduledTime <= clock.now)) {
      if (alarm.periodInMinutes) {
        let when = alarm.scheduledTime;
        while (when <= clock.now) when += alarm.periodInMinutes * MINUTE_MS;
        await fakeBrowser.alarms.create(alarm.name, {
          when,
          periodInMinutes: alarm.periodInMinutes,
        });
      } else {
        await fakeBrowser.alarms.clear(alarm.name);
      }
      const woken = worker();
      await Promise.all([wakes && woken.start('worker-start'), woken.onAlarm(alarm.name)]);
    }
  }
  clock.now = Math.max(clock.now, until);
}

/** Fires a browser event as the browser does: at every listener registered on it, all awaited. */
export async function browserEvent(event: unknown, ...args: unknown[]) {
  await (event as { trigger: (...a: unknown[]) => Promise<unknown> }).trigger(...args);
}

/** One account's stored snapshot. */
export async function snapshotOf(id: string) {
  return (await loadSnapshots())[id] ?? emptySnapshot();
}

/** Requests the simulator saw, by server. */
export function countRequests(sim: Simulator, server: 'api' | 'node', status?: number) {
  return sim.requests.filter(
    (r) => r.server === server && (status === undefined || r.status === status),
  ).length;
}

/**
 * Opens the settings page at a place, as a link or the address would (`settings`, `accounts/add`…);
 * each test starts from its own, not where the last one left the page.
 */
export function openSettingsPage(place = ''): void {
  location.hash = place;
}

/**
 * Every account's whole history as the Settings page reads it (wholeHistory), from the stored
 * item, through `items` (a module imported afresh, or the one the test shares).
 */
export const readWholeHistory = async (items: {
  historyItem: typeof historyItem;
  wholeHistory: typeof wholeHistory;
}) => items.wholeHistory.read(await items.historyItem.getValue());

/**
 * The background's suites' two users: alice (10 GB of 100 GB used) and bob (his own apps password
 * and key), for `backgroundSuite({ users: aliceAndBob })`.
 */
export const aliceAndBob: readonly SimAccount[] = [
  demoAccount({ userId: 'alice', used: 10 * GIB, quota: 100 * GIB }),
  demoAccount({ userId: 'bob', password: 'bob-pw', apiKey: 'bob-key' }),
];
