import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage } from '@/lib/extension/messages';
import { loadAccounts } from '@/lib/store/items';
import { demoAccount, startSimulator, type Simulator } from '../../../scripts/simulator/simulator';
import { storedAccount } from '../../../scripts/simulator/stored-account';
import { clock, freshBrowser, HOUR, registeredWorker, snapshotOf, storeAccounts } from '../helpers/harness';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ now: () => clock.now, accounts: [demoAccount({ userId: 'carol' }, clock.now)] });
});
afterAll(() => sim.close());

describe('the first run', () => {
  let opened: string[];
  beforeEach(async () => {
    await freshBrowser();
    opened = [];
    fakeBrowser.tabs.create = (async ({ url }: { url?: string }) => void opened.push(url ?? '')) as unknown as typeof fakeBrowser.tabs.create;
    registeredWorker();
  });

  it('opens the settings page in setup mode on install', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(opened).toEqual([fakeBrowser.runtime.getURL('/options.html#setup')]);
  });

  it('opens it once: an install reported again (an unpacked extension at each browser start) opens nothing', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(opened).toHaveLength(1);
  });

  it('opens nothing on an update of the extension or of the browser', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.9.0' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(opened).toEqual([]);
  });
});

describe('the one-click switch to the address form', () => {
  it("changes the stored account's key form, keeps the rest, and checks it at once", async () => {
    await freshBrowser();
    const carol = storedAccount(sim, sim.account('carol'), { keyForm: 'header' });
    await storeAccounts([carol, { id: 'damaged' }]);
    registeredWorker();
    // The worker's start checks the new account first (header form): that run is done before the switch.
    await vi.waitFor(async () => expect((await snapshotOf(carol.id)).refresh.lastAttemptAt).toBeDefined());
    sim.requests.length = 0;
    clock.now += HOUR; // past the few seconds within which a manual check is not repeated
    await sendMessage('useAddressForm', { accountId: carol.id });
    const { accounts, damaged } = await loadAccounts();
    expect(accounts).toEqual([{ ...carol, keyForm: 'matrix' }]);
    expect(damaged).toHaveLength(1);
    // Checked at once, every call now with the key in the address (the account change may also
    // have woken a scheduled run: the order of the calls is not the point).
    expect(sim.requests.some((r) => r.server === 'api')).toBe(true);
    expect(sim.requests.map((r) => r.keyVia)).toEqual(sim.requests.map(() => 'matrix'));
    expect((await snapshotOf(carol.id)).keepAlive.lastSuccessAt).toBe(clock.now);
  });
});
