import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Account } from '@/lib/accounts';
import { createBackgroundService } from '@/lib/background-service';
import { hasHostPermission } from '@/lib/permissions';
import { createServiceApi } from '@/lib/service-api';
import { accountsItem } from '@/lib/storage-items';
import { loadSnapshots } from '@/lib/stored-state';
import { emptySnapshot } from '@/lib/snapshot';
import type { Simulator } from '../../simulator/simulator';
import { installFakeExtensionApis } from './fake-extension';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A settable clock shared by the simulator and the background. */
export const clock = { now: Date.UTC(2026, 10, 2, 0, 0, 0) };

/** A fresh fake browser (storage, alarms, badge, notifications) and a background service on it. */
export async function freshBrowser(accounts: Account[] = [], opts: Parameters<typeof installFakeExtensionApis>[0] = {}) {
  fakeBrowser.reset();
  installFakeExtensionApis(opts);
  if (accounts.length > 0) await accountsItem.setValue(accounts);
  return newWorker();
}

/** A new worker on the same browser: what a killed and restarted service worker is. */
export function newWorker(fetch?: typeof globalThis.fetch) {
  return createBackgroundService({
    api: createServiceApi({ timeoutMs: 300, ...(fetch && { fetch }) }),
    canReach: hasHostPermission,
    now: () => clock.now,
  });
}

/** One account's stored snapshot. */
export async function snapshotOf(id: string) {
  return (await loadSnapshots())[id] ?? emptySnapshot();
}

/** Requests the simulator saw, by server. */
export function countRequests(sim: Simulator, server: 'api' | 'node', status?: number) {
  return sim.requests.filter((r) => r.server === server && (status === undefined || r.status === status)).length;
}
