import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { ALARM } from '@/lib/store/stored-names';
import { sendMessage } from '@/lib/extension/messages';
import { beginChange } from '@/lib/extension/change-port';
import { loadAccounts } from '@/lib/store/reads';
import { demoAccount, startSimulator, type Simulator } from '../../../testbed/simulator/simulator';
import { storedAccount } from '../../../testbed/simulator/stored-account';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { snapshotOf, storeAccounts } from '../helpers/harness';
import { accountEdit } from '../helpers/page-changes';

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

it('registers its listeners at start and answers alarms, messages, account changes and a page’s change', async () => {
  background.main();
  await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(ALARM.signIn)).toBeDefined());
  expect(sim.requests).toHaveLength(0);

  await storeAccounts([storedAccount(sim, sim.account('carol'))]);
  await vi.waitFor(async () => expect((await snapshotOf('id-carol')).capacity).toBeDefined());
  expect(sim.requests.map((r) => r.server)).toEqual(['api', 'node']);

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 86_400_000);
  await fakeBrowser.alarms.onAlarm.trigger({
    name: ALARM.signIn,
    scheduledTime: Date.now(),
    persistAcrossSessions: true,
  });
  await vi.waitFor(() => expect(sim.requests).toHaveLength(3));

  // A message from anyone but our own pages is refused; ours is answered: a full check.
  const foreign = { id: 1, type: 'checkNow', data: {}, timestamp: Date.now() };
  const [reply] = await fakeBrowser.runtime.onMessage.trigger(
    foreign,
    { id: 'another-extension' },
    () => {},
  );
  expect(reply).toMatchObject({ err: { message: 'Storage Keeper only answers its own pages.' } });
  expect(sim.requests).toHaveLength(3);
  vi.setSystemTime(Date.now() + 60_000);
  await sendMessage('checkNow', {});
  expect(sim.requests.map((r) => r.server)).toEqual(['api', 'node', 'api', 'api', 'node']);
  vi.useRealTimers();

  // A page's change, on its port: planned over what is stored, then written (the same again: no change).
  const carol = storedAccount(sim, sim.account('carol'));
  const renamed = { ...carol, label: 'Carol’s' };
  for (let again = 0; again < 2; again++)
    await expect(beginChange(carol.id).send(accountEdit(renamed, carol))).resolves.toEqual({
      saved: renamed,
    });
  expect((await loadAccounts()).accounts).toEqual([renamed]);
});
