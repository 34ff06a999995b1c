import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { ALARM } from '@/lib/scheduler';
import { accountsItem } from '@/lib/storage-items';
import { demoAccount, startSimulator, type Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import { installFakeExtensionApis } from './helpers/fake-extension';
import { snapshotOf } from './helpers/harness';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ accounts: [demoAccount({ userId: 'carol' })] });
});
afterAll(() => sim.close());
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  sim.requests.length = 0;
});

it('registers its listeners at start and answers alarms, messages and account changes', async () => {
  background.main();
  await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(ALARM.keepAlive)).toBeDefined());
  expect(sim.requests).toHaveLength(0);

  await accountsItem.setValue([storedAccount(sim, sim.account('carol'))]);
  await vi.waitFor(async () => expect((await snapshotOf('id-carol')).capacity).toBeDefined());
  expect(sim.requests.map((r) => r.server)).toEqual(['api', 'node']);

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 86_400_000);
  await fakeBrowser.alarms.onAlarm.trigger({ name: ALARM.keepAlive, scheduledTime: Date.now(), persistAcrossSessions: true });
  await vi.waitFor(() => expect(sim.requests).toHaveLength(3));

  // A message from anyone but our own pages is ignored; ours is answered.
  await fakeBrowser.runtime.onMessage.trigger({ type: 'refresh', data: {} }, { id: 'another-extension' }, () => {});
  await fakeBrowser.runtime.onMessage.trigger({ type: 'refresh', data: {} }, { id: fakeBrowser.runtime.id }, () => {});
  await vi.waitFor(() => expect(sim.requests.filter((r) => r.server === 'node')).toHaveLength(2));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(sim.requests.filter((r) => r.server === 'node')).toHaveLength(2);
  vi.useRealTimers();
});
