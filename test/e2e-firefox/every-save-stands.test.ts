import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { selfSignedCertificate } from '../../testbed/simulator/self-signed';
import { storedAccount } from '../../testbed/simulator/stored-account';
import {
  FIREFOX_E2E_BUILD,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import { clickButton, SettingsPage, waitForText } from '../../testbed/browsers/firefox-pages';
import { messages } from '../../testbed/browsers/chromium-pages';

// From the click on Save, in Firefox with its real permission prompt: an account moved from a
// loopback server (granted at install) to a custom https server (asked for at the Save). While
// the prompt stays open, alarms fire on the time-scaled build (a sign-in every 5 s, a usage
// update every 2.5 s): nothing more goes to the old server, counted at the simulator from the
// click; once allowed, the new server is checked.

const t = messages('en');
const before = demoAccount({ userId: 'leaving', password: 'pw-a', apiKey: 'key-a' });
const after = demoAccount({ userId: 'arriving', password: 'pw-b', apiKey: 'key-b' });
let oldServer: Simulator;
let newServer: Simulator;
let firefox: FirefoxSession;
/** A request already on the wire at the click may reach the simulator a moment after it. */
const ON_THE_WIRE_MS = 250;

beforeAll(async () => {
  [oldServer, newServer] = await Promise.all([
    startSimulator({ accounts: [before] }),
    startSimulator({ accounts: [after], tls: selfSignedCertificate() }),
  ]);
  firefox = await launchFirefox({ install: { dir: FIREFOX_E2E_BUILD }, acceptInsecureCerts: true });
  await firefox.storeItems({
    settings: {
      keepAliveHours: 1,
      refreshMinutes: 30,
      warningPercent: 90,
      criticalPercent: 95,
      notifyUsage: true,
      notifyKeepAlive: true,
    },
    accounts: [storedAccount(oldServer, before, { id: 'moving', label: 'Moving' })],
    accounts$: { v: 2 },
  });
}, 60_000);
afterAll(async () => {
  await firefox?.close();
  await Promise.all([oldServer?.close(), newServer?.close()]);
});

describe('from the click on Save, in Firefox (its own permission prompt)', () => {
  it('the prompt open while alarms fire: nothing more to the old server; allowed, the new server is signed in to (its node, not asked for, waits for its own permission)', async () => {
    await vi.waitFor(
      () =>
        expect(oldServer.requests.some((r) => r.server === 'node' && r.status === 200)).toBe(true),
      { timeout: 30_000, interval: 100 },
    );
    const options = new SettingsPage(await firefox.open('options'));
    await clickButton(options.page, t('edit'));
    await options.fillAccount({
      baseUrl: newServer.apiUrl,
      userId: after.userId,
      password: after.password,
      apiKey: after.apiKey,
    });
    // Firefox shows a tab's prompt only while that tab is the selected one.
    await options.page.bringToFront();
    const clickedAt = Date.now();
    await clickButton(options.page, t('save'));
    await expect.poll(() => firefox.permissionPrompt(), { timeout: 10_000 }).toBeDefined();
    // Two sign-in periods and more with the prompt open.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const late = () =>
      oldServer.requests
        .filter((r) => r.atMs > clickedAt + ON_THE_WIRE_MS)
        .map((r) => `${r.server} +${r.atMs - clickedAt} ms`);
    expect(late()).toEqual([]);
    await firefox.answerPermissionPrompt((await firefox.permissionPrompt())!.allow);
    await waitForText(options.page, 'Moving', '.account-list');
    await expect
      .poll(() => newServer.requests.filter((r) => r.server === 'api' && r.status === 200).length, {
        timeout: 40_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    expect(late()).toEqual([]);
  }, 120_000);
});
