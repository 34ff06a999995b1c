import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../scripts/simulator/simulator';
import { launchExtension, type ExtensionSession } from '../../scripts/browsers/chromium';
import { OptionsPage, Popup } from '../../scripts/browsers/chromium-pages';

// One user's story, step by step, in one browser profile against the simulator.
let sim: Simulator;
let browser: ExtensionSession;
const user = demoAccount();
const GB = 1024 ** 3;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [user] });
  browser = await launchExtension();
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

const lastApiRequest = () => sim.requests.filter((r) => r.server === 'api').at(-1);

describe.sequential('Storage Keeper in Chromium', () => {
  it('1. fresh install: welcome, empty badge, nothing sent', async () => {
    const popup = await browser.open('popup');
    await popup.getByRole('heading', { name: 'Keep your storage account alive' }).waitFor();
    expect(await popup.getByRole('button', { name: 'Set up an account' }).isVisible()).toBe(true);
    expect((await browser.badge()).text).toBe('');
    expect(sim.requests).toHaveLength(0);
    await popup.close();
  });

  it('2. options: add an account, test it, save it; the popup shows the simulator\'s figures', async () => {
    const options = new OptionsPage(await browser.open('options'));
    await options.page.getByRole('button', { name: 'Add account' }).click();
    await options.fillAccount({ baseUrl: sim.apiUrl, userId: user.userId, password: user.password, apiKey: user.apiKey, label: 'Demo' });
    await options.page.getByRole('button', { name: 'Test connection' }).click();
    await options.page.getByText(`Connected as ${user.userId}, storage on ${sim.nodeHost}.`).waitFor();
    expect(await options.page.locator('.form-status').textContent()).toContain('12.3 GB of 28 GB used');
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    await options.page.getByText('Demo', { exact: true }).first().waitFor();

    const popup = new Popup(await browser.open('popup'));
    const card = popup.card('Demo');
    await card.getByText('12.3 GB of 28 GB used').waitFor();
    const text = await card.textContent();
    expect(text).toContain('44%');
    expect(text).toContain(`User ID${user.userId}`);
    expect(text).toContain(`Node server${sim.nodeHost}`);
    expect(text).toContain('WebDAV URLhttps://localhost/dav/');
    expect(text).toMatch(/API key bonus\+8 GB until \w+ \d+, \d{4}/);
    expect(text).toContain('Contract capacity20 GB');
    await expect.poll(async () => (await browser.badge()).text).toBe('44%');
    await popup.page.close();
    await options.page.close();
  });

  it('3. keep-alive: the alarm fires, the service records the login with the right credentials', async () => {
    const options = new OptionsPage(await browser.open('options'));
    await options.setNumber('Sign in every', 1); // 5 s in this test build
    await options.setNumber('Update usage every', 1440);
    await options.saveSettings();
    const before = user.lastLoginMs!;
    const count = sim.requests.filter((r) => r.server === 'api').length;
    await expect.poll(() => sim.requests.filter((r) => r.server === 'api').length, { timeout: 20_000 }).toBeGreaterThan(count);
    expect(lastApiRequest()).toMatchObject({ userId: user.userId, password: user.password, keyVia: 'header', apiKey: user.apiKey, status: 200 });
    expect(user.lastLoginMs).toBeGreaterThan(before);
    const popup = new Popup(await browser.open('popup'));
    await popup.card('Demo').getByText(/Last sign-in (this minute|1 minute ago)/).waitFor();
    await popup.page.close();
    await options.page.close();
  });

  it('4. matrix form: the simulator sees ;api_key= and no header', async () => {
    const options = new OptionsPage(await browser.open('options'));
    await options.editAccount('Demo');
    await options.page.getByRole('radio', { name: /Parameter in the address/ }).check();
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    const count = sim.requests.filter((r) => r.server === 'api').length;
    await expect.poll(() => sim.requests.filter((r) => r.server === 'api').length, { timeout: 20_000 }).toBeGreaterThan(count);
    const request = lastApiRequest()!;
    expect(request.path).toBe(`/v2/api/ba/user;api_key=${encodeURIComponent(user.apiKey)}`);
    expect(request).toMatchObject({ keyVia: 'matrix', status: 200 });
    expect(request.keyHeader).toBeUndefined();
    await options.page.close();
  });

  it('5. near full: one notification, the badge in the warning colour, no second notification', async () => {
    user.used = Math.round(0.92 * user.quota);
    const popup = new Popup(await browser.open('popup'));
    await popup.refresh();
    await expect.poll(() => browser.notifications()).toEqual([expect.stringMatching(/^usage:/)]);
    await expect.poll(() => browser.badge()).toMatchObject({ text: '92%', color: [227, 116, 0, 255] });
    await browser.currentWorker().evaluate(async () => {
      for (const id of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(id);
    });
    await popup.refresh();
    expect(await browser.notifications()).toEqual([]);
    await popup.page.getByText('92%', { exact: true }).waitFor();
    await popup.page.close();
  });

  const failures: [string, () => void, RegExp][] = [
    ['wrong password', () => (user.password = 'renewed-on-the-website'), /apps password was rejected/],
    ['HTML 502', () => sim.setFault('node', 'html-502'), /server error \(HTTP 502\)/],
    ['result ≠ 0', () => sim.setFault('node', 'service-error'), /reported service error 1203/],
    ['stalled server', () => sim.setFault('node', 'stall'), /did not answer within 20 seconds/],
  ];

  it.each(failures)('6. %s: its own message, last figures kept, badge !, account unchanged', async (_name, breakIt, message) => {
    const password = user.password;
    const saved = (await browser.storage()).accounts;
    breakIt();
    const popup = new Popup(await browser.open('popup'));
    await popup.page.getByRole('button', { name: 'Check now' }).click();
    const alert = popup.page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(message);
    expect(await popup.page.textContent('body')).toContain('25.8 GB of 28 GB used');
    expect(await popup.page.getByText(/These figures are from/).isVisible()).toBe(true);
    await expect.poll(async () => (await browser.badge()).text).toBe('!'); // drawn once the run is recorded
    expect((await browser.storage()).accounts).toEqual(saved);
    user.password = password;
    sim.setFault('node', undefined);
    await popup.refresh();
    await popup.page.getByRole('alert').waitFor({ state: 'detached' });
    await expect.poll(async () => (await browser.badge()).text).toBe('92%');
    await popup.page.close();
  }, 60_000);

  it('7. browser restart: alarms still there, state intact', async () => {
    const before = await browser.storage();
    const profileDir = browser.profileDir;
    await browser.close({ keepProfile: true });
    browser = await launchExtension({ profileDir });
    await expect.poll(async () => (await browser.alarms()).map((a: { name: string }) => a.name).sort()).toEqual(['keep-alive', 'refresh']);
    const after = await browser.storage();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.settings).toEqual(before.settings);
    const popup = new Popup(await browser.open('popup'));
    await popup.card('Demo').getByText('25.8 GB of 28 GB used').waitFor();
    await popup.page.close();
  });
});
