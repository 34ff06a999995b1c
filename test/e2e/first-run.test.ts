import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import {
  APP_KEY_E2E_BUILD,
  E2E_APP_KEY,
  launchExtension,
  type ExtensionSession,
} from '../../testbed/browsers/chromium';
import { SettingsPage } from '../../testbed/browsers/chromium-pages';
import { axeViolations } from './axe';

// The first run as a new user meets it, in real Chromium: the settings page opens by itself in
// setup mode on install (once: not after a restart), walks through what the service requires
// with links to its own site, and gets the first account working. Then the same with a build
// that carries an application key: only the apps password is asked for.

const user = demoAccount();
const appKeyUser = demoAccount({ userId: 'app-key-user', apiKey: E2E_APP_KEY });
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ accounts: [user, appKeyUser] });
});
afterAll(() => sim?.close());

/** The tab the extension opened by itself on the settings page's setup, once it is there. */
async function setupTab(context: BrowserContext): Promise<Page> {
  await expect
    .poll(() => context.pages().filter((p) => p.url().endsWith('/options.html#setup')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const tab = context.pages().find((p) => p.url().endsWith('/options.html#setup'))!;
  await tab.setViewportSize({ width: 900, height: 1000 });
  return tab;
}

describe('the first run in Chromium', () => {
  it('opens the setup by itself once, links to the service for each step, and gets the first account working; not again after a restart', async () => {
    let browser: ExtensionSession | undefined = await launchExtension();
    try {
      const options = new SettingsPage(await setupTab(browser.context));
      const { page } = options;
      const guide = page.getByRole('region', { name: 'Set up Storage Keeper' });
      await guide.waitFor();
      const steps = guide.getByRole('listitem');
      expect(await steps.locator('h3').allTextContents()).toEqual([
        '1. Enable Apps Connection',
        '2. Create an apps password',
        '3. API key',
        '4. Test connection, then save',
      ]);
      const links = async (i: number) =>
        steps
          .nth(i)
          .getByRole('link')
          .evaluateAll((as) =>
            as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]),
          );
      expect(await links(0)).toEqual([
        ["Open the service's website (My Page)", 'https://infini-cloud.net/en/', '_blank'],
      ]);
      expect(await links(1)).toEqual([
        ["Open the service's website (My Page)", 'https://infini-cloud.net/en/', '_blank'],
      ]);
      expect(await steps.nth(1).textContent()).toContain('It is shown only once');
      expect(await steps.nth(2).textContent()).toContain('the key is your own');
      expect(await links(2)).toEqual([
        [
          "Open the service's developer pages",
          'https://infini-cloud.net/en/developer_auth.html',
          '_blank',
        ],
      ]);
      expect(await axeViolations(page)).toEqual([]);

      // The form below it: a preset server sends the key in the address, a custom one in the header.
      const form = page.getByRole('form', { name: 'Add account' });
      expect(await form.getByLabel('Server', { exact: true }).inputValue()).toBe(
        'https://api.infini-cloud.net',
      );
      expect(await form.getByRole('radio', { name: /Parameter in the address/ }).isChecked()).toBe(
        true,
      );
      await options.fillAccount({
        baseUrl: sim.apiUrl,
        userId: user.userId,
        password: user.password,
        apiKey: user.apiKey,
        label: 'First',
      });
      expect(await form.getByRole('radio', { name: /Request header/ }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Test connection' }).click();
      await form.getByText(`Connected as ${user.userId}`).waitFor();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 2 }).waitFor();
      expect(new URL(page.url()).hash).toBe('#accounts');
      await page.getByText('Last sign-in', { exact: false }).first().waitFor();
      await page.close();

      // A browser restart is not an install: the setup does not open again.
      const profileDir = browser.profileDir;
      await browser.close({ keepProfile: true });
      browser = undefined;
      browser = await launchExtension({ profileDir });
      const popup = await browser.open('popup');
      await popup.getByRole('article', { name: 'First' }).waitFor();
      const tabs = await browser
        .currentWorker()
        .evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.url ?? ''));
      expect(tabs.filter((url) => url.includes('options.html'))).toEqual([]);
    } finally {
      await browser?.close();
    }
  }, 120_000);

  it('with a build that carries an application key: only the apps password is asked for, and the account works on that key without a copy of it', async () => {
    const browser = await launchExtension({ extensionDir: APP_KEY_E2E_BUILD });
    try {
      const options = new SettingsPage(await setupTab(browser.context));
      const { page } = options;
      const guide = page.getByRole('region', { name: 'Set up Storage Keeper' });
      expect(await guide.textContent()).toContain('You need only your apps password');
      const form = page.getByRole('form', { name: 'Add account' });
      expect(
        await form.getByRole('radio', { name: /Storage Keeper's application key/ }).isChecked(),
      ).toBe(true);
      expect(await form.getByLabel('API key', { exact: true }).count()).toBe(0);

      await form.getByLabel('Server', { exact: true }).selectOption('custom');
      await form.getByLabel('Server address', { exact: true }).fill(sim.apiUrl);
      await form.getByLabel('User ID', { exact: true }).fill(appKeyUser.userId);
      await form.getByLabel('Apps password', { exact: true }).fill(appKeyUser.password);
      sim.requests.length = 0;
      await form.getByRole('button', { name: 'Test connection' }).click();
      await form.getByText(`Connected as ${appKeyUser.userId}`).waitFor();
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'Accounts', level: 2 }).waitFor();

      const [stored] = (await browser.storage()).accounts as { id: string }[];
      const snapshot = await browser.checkedSnapshot(stored!.id);
      expect(snapshot.keepAlive.failure).toBeUndefined();
      expect(snapshot.user?.user).toBe(appKeyUser.userId);
      expect(sim.requests.length).toBeGreaterThanOrEqual(4);
      expect(sim.requests.every((r) => r.apiKey === E2E_APP_KEY && r.status === 200)).toBe(true);
      expect(stored).toMatchObject({ apiKey: '', keySource: 'app' });
      expect(JSON.stringify(await browser.storage())).not.toContain(E2E_APP_KEY);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
