import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { QUIET_SETTINGS } from '../../testbed/browsers/page-states/state';
import { Popup } from '../../testbed/browsers/chromium-pages';

// An account blocked on its node host: the popup's one button asks for exactly that host and
// the account recovers. The test build already holds loopback access, so the browser grants it
// without a prompt; what is checked is what the page asks for and what follows.

let sim: Simulator;
let browser: ExtensionSession;
beforeAll(async () => {
  sim = await startSimulator({ accounts: [demoAccount()] });
  browser = await launchExtension();
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

describe('a blocked node host', () => {
  it('"Allow access to <host>" asks for that host only, then checks the account again', async () => {
    const account = storedAccount(sim, sim.account('demo-user'), { label: 'Demo' });
    await browser.storeSettings(QUIET_SETTINGS);
    await browser.storeAccounts([account]);
    const at = Date.now();
    await browser.patchSnapshot(account.id, {
      keepAlive: {
        consecutiveFailures: 1,
        failure: { kind: 'permission-missing', origin: sim.nodeUrl },
        lastAttemptAt: at,
        lastSuccessAt: at - 3_600_000,
      },
    });
    const popup = new Popup(await browser.open('popup'));
    const card = popup.card('Demo');
    const allow = card.getByRole('button', { name: `Allow access to ${sim.nodeHost}` });
    await allow.waitFor();
    await popup.page.evaluate(() => {
      type Request = typeof chrome.permissions.request;
      const request = chrome.permissions.request.bind(chrome.permissions) as (
        ...args: unknown[]
      ) => unknown;
      const asked: unknown[] = ((window as unknown as { asked: unknown[] }).asked = []);
      chrome.permissions.request = ((...args: unknown[]) => (
        asked.push(args[0]),
        request(...args)
      )) as Request;
    });
    const logins = sim.requests.filter((r) => r.server === 'api').length;
    await allow.click();
    await allow.waitFor({ state: 'detached' });
    expect(
      await popup.page.evaluate(() => (window as unknown as { asked: unknown[] }).asked),
    ).toEqual([{ origins: ['http://localhost/*'] }]);
    expect(sim.requests.filter((r) => r.server === 'api').length).toBeGreaterThan(logins);
    expect(await card.textContent()).toContain('12.3 GB of 28 GB used');
    await popup.page.close();
  });
});
