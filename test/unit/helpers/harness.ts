import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Account } from '@/lib/store/accounts';
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
import { storedAccount } from '../../../testbed/simulator/stored-account';
import { installFakeExtensionApis } from './fake-extension';
import { CALL_TIMEOUT_MS } from './call-timeout';

export { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

const START = Date.UTC(2026, 10, 2, 0, 0, 0);

/** A settable clock shared by the simulator and the background. */
export const clock = { now: START };

/**
 * One simulator for the tests of the suite it is called in (a file, or a describe block), on the
 * shared clock, serving these accounts: started before them and closed after them; before each
 * test the clock is back at its start, and the simulator has no request recorded and no fault
 * set. `sim()` is the running simulator, `stored(userId)` the account (as the Settings page
 * stores it) that signs in to one of its users.
 */
export function simulatorForSuite(accounts: readonly SimAccount[]) {
  let running: Simulator | undefined;
  const sim = (): Simulator => running!;
  beforeAll(async () => {
    running = await startSimulator({ now: () => clock.now, accounts: [...accounts] });
  });
  afterAll(() => running?.close());
  beforeEach(() => {
    clock.now = START;
    sim().requests.length = 0;
    sim().setFault('api', undefined);
    sim().setFault('node', undefined);
  });
  return {
    sim,
    stored: (userId: string, overrides: Partial<Account> = {}): Account =>
      storedAccount(sim(), sim().account(userId), overrides),
  };
}

/** Writes accounts into storage.local as the Settings page leaves them (list and version marker). */
export async function storeAccounts(accounts: readonly unknown[]) {
  await fakeBrowser.storage.local.set({ accounts, accounts$: { v: 2 } });
}

/** A fresh fake browser (storage, alarms, badge, notifications) and a background service on it. */
export async function freshBrowser(
  accounts: Account[] = [],
  opts: Parameters<typeof installFakeExtensionApis>[0] = {},
) {
  unregister();
  fakeBrowser.reset();
  installFakeExtensionApis(opts);
  if (accounts.length > 0) await storeAccounts(accounts);
  return newWorker();
}

/** A new worker on the same browser: what a killed and restarted service worker is. */
export function newWorker(fetch?: typeof globalThis.fetch): BackgroundService {
  return createBackgroundService({
    api: createServiceApi({ timeoutMs: CALL_TIMEOUT_MS, ...(fetch && { fetch }) }),
    canReach: hasHostPermission,
    now: () => clock.now,
  });
}

/**
 * A worker started as the entrypoint starts one: its listeners registered on the fake browser,
 * so tests fire real browser events (alarms, messages) at it.
 */
export function registeredWorker(fetch?: typeof globalThis.fetch): BackgroundService {
  unregister();
  const worker = newWorker(fetch);
  unregister = registerBackground(worker);
  return worker;
}
let unregister = () => {};

/** Fires an alarm as the browser does: through the registered onAlarm listener, awaited. */
export async function fireAlarm(name: string) {
  await fakeBrowser.alarms.onAlarm.trigger({
    name,
    scheduledTime: clock.now,
    periodInMinutes: undefined,
  } as never);
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
 * The background's suites' two users on one simulator: alice (10 GB of 100 GB used before each
 * test) and bob (his own apps password and key), and each as the Settings page stores it.
 */
export function aliceAndBobSuite() {
  const { sim, stored } = simulatorForSuite([
    demoAccount({ userId: 'alice' }),
    demoAccount({ userId: 'bob', password: 'bob-pw', apiKey: 'bob-key' }),
  ]);
  beforeEach(() => {
    sim().account('alice').used = 10 * GIB;
    sim().account('alice').quota = 100 * GIB;
  });
  return { sim, alice: () => stored('alice'), bob: () => stored('bob') };
}
