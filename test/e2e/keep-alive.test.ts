import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../scripts/simulator/simulator';
import { storedAccount } from '../../scripts/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../scripts/browsers/chromium';
import { NotificationLog } from './notification-log';
import { OptionsPage, Popup } from '../../scripts/browsers/chromium-pages';

// Keep-alive you can trust, in real Chromium on the time-scaled build (an hour lasts 5 s, a day
// 2 minutes): a brief outage says nothing, a real day of failure says so once, a fix says
// "works again", an edit to another server sends nothing more to the old one, and Refresh in
// the popup is a full check.
let sim: Simulator;
let other: Simulator;
let browser: ExtensionSession;
const flaky = demoAccount({ userId: 'flaky', password: 'flaky-pw', apiKey: 'flaky-key' });
const broken = demoAccount({ userId: 'broken', password: 'broken-pw', apiKey: 'broken-key' });
const moved = demoAccount({ userId: 'moved', password: 'moved-pw', apiKey: 'moved-key', used: 3 * 1024 ** 3 });
const SCALED_DAY_MS = 120_000;

const notices = new NotificationLog();

beforeAll(async () => {
  sim = await startSimulator({ accounts: [flaky, broken] });
  other = await startSimulator({ accounts: [moved] });
  browser = await launchExtension();
  await browser.currentWorker().evaluate(async () => {
    await chrome.storage.local.set({ settings: { keepAliveHours: 1, refreshMinutes: 1440, warningPercent: 90, criticalPercent: 95, notifyUsage: true, notifyKeepAlive: true } });
  });
  await browser.storeAccounts([
    storedAccount(sim, flaky, { id: 'flaky', label: 'Flaky' }),
    storedAccount(sim, broken, { id: 'broken', label: 'Broken' }),
  ]);
  notices.start(browser);
});
afterAll(async () => {
  notices.stop();
  await browser?.close();
  await sim?.close();
  await other?.close();
});

const apiCalls = (s: Simulator, userId: string, status?: number) =>
  s.requests.filter((r) => r.server === 'api' && r.userId === userId && (status === undefined || r.status === status));

describe.sequential('keep-alive you can trust, in Chromium', () => {
  it('1. a brief outage at the scheduled time says nothing; a real day of failure says so, once', async () => {
    const popup = new Popup(await browser.open('popup'));
    await popup.card('Flaky').getByText(/ of .* used/).waitFor({ timeout: 20_000 });

    // Brief outage: the next keep-alive (every 5 s here) fails; it works again a moment later.
    sim.setFault('api', 'server-error');
    await expect.poll(() => apiCalls(sim, 'flaky', 500).length, { timeout: 20_000 }).toBeGreaterThan(0);
    sim.setFault('api', undefined);
    await expect.poll(() => apiCalls(sim, 'flaky', 200).at(-1)!.atMs > apiCalls(sim, 'flaky', 500).at(-1)!.atMs, { timeout: 20_000 }).toBe(true);

    // A real (scaled) day of failure for the other account: its password was renewed on the website.
    broken.password = 'renewed-on-the-website';
    await expect.poll(() => apiCalls(sim, 'broken', 401).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const failingSince = apiCalls(sim, 'broken', 401)[0]!.atMs;
    await popup.card('Broken').getByText(/apps password was rejected/).waitFor({ timeout: 20_000 });
    expect(notices.of('keep-alive:broken')).toEqual([]); // failing, but not for a day yet
    await expect.poll(() => notices.of('keep-alive:broken').length, { timeout: SCALED_DAY_MS + 30_000, interval: 1000 }).toBe(1);
    expect(notices.of('keep-alive:broken')[0]!.at - failingSince).toBeGreaterThan(SCALED_DAY_MS);
    expect(notices.of('keep-alive:flaky')).toEqual([]);
    await popup.page.close();
  }, SCALED_DAY_MS + 90_000);

  it('2. fixed in the options page: "works again" once, and no more failing notices', async () => {
    const options = new OptionsPage(await browser.open('options'));
    await options.editAccount('Broken');
    await options.page.getByLabel('Apps password').fill('renewed-on-the-website');
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => notices.of('keep-alive:broken').length, { timeout: 20_000 }).toBe(2);
    const popup = new Popup(await browser.open('popup'));
    await popup.card('Broken').getByText(/ of .* used/).waitFor();
    expect(await popup.card('Broken').getByText(/apps password was rejected/).count()).toBe(0);
    await popup.page.close();
    await options.page.close();
  }, 60_000);

  it('3. edited to another server: the old details are gone and nothing more goes to the old server', async () => {
    const options = new OptionsPage(await browser.open('options'));
    await options.editAccount('Flaky');
    await options.fillAccount({ baseUrl: other.apiUrl, userId: moved.userId, password: moved.password, apiKey: moved.apiKey });
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    const editedAt = Date.now();
    const popup = new Popup(await browser.open('popup'));
    const card = popup.card('Flaky');
    await card.getByText('3 GB of 28 GB used').waitFor({ timeout: 20_000 });
    expect(await card.textContent()).not.toContain('flaky');
    await new Promise((resolve) => setTimeout(resolve, 12_000)); // two more keep-alive periods
    const toOldServer = sim.requests.filter((r) => r.userId === 'flaky' && r.atMs > editedAt);
    expect(toOldServer).toEqual([]);
    expect(other.requests.filter((r) => r.server === 'node' && r.userId === 'moved').length).toBeGreaterThan(0);
    expect(other.requests.every((r) => r.userId === 'moved')).toBe(true);
    await popup.page.close();
    await options.page.close();
  }, 60_000);

  it('4. Refresh in the popup is a full check: a keep-alive and the capacity of every account', async () => {
    // Long intervals, so only the click sends anything.
    const options = new OptionsPage(await browser.open('options'));
    await options.setNumber('Sign in every', 168);
    await options.saveSettings();
    await options.page.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = { api: other.requests.filter((r) => r.server === 'api').length, node: other.requests.filter((r) => r.server === 'node').length };
    const popup = new Popup(await browser.open('popup'));
    await popup.refresh();
    await expect.poll(() => other.requests.filter((r) => r.server === 'node').length).toBe(before.node + 1);
    expect(other.requests.filter((r) => r.server === 'api').length).toBe(before.api + 1);
    await popup.card('Flaky').getByText(/Last sign-in (this minute|1 minute ago)/).waitFor();
    await popup.page.close();
  }, 60_000);
});
