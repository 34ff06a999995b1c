import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { SettingsPage, Popup } from '../../testbed/browsers/chromium-pages';
import { MANUAL_CHECK_GAP_MS } from '../../lib/schedule/when-due';

// One user's story, step by step, in one browser profile against the simulator.
let sim: Simulator;
let browser: ExtensionSession;
const user = demoAccount();

beforeAll(async () => {
  sim = await startSimulator({ accounts: [user] });
  browser = await launchExtension();
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

const lastApiRequest = () => sim.requests.filter((r) => r.server === 'api').at(-1);

type StoredCheck = { lastAttemptAt?: number; failure?: { kind: string } };
const snapshots = async () =>
  Object.values(
    ((await browser.storage()).snapshots ?? {}) as Record<
      string,
      Record<'keepAlive' | 'refresh', StoredCheck>
    >,
  );
/**
 * Check now holds back a check attempted moments ago (10 real seconds): wait until the last usage
 * update is older (sign-ins run every 5 s here by schedule, so only the usage update is waited for).
 */
async function afterManualCheckGap() {
  const newest = async () =>
    Math.max(0, ...(await snapshots()).map((s) => s.refresh?.lastAttemptAt ?? 0));
  await expect
    .poll(async () => Date.now() - (await newest()) >= MANUAL_CHECK_GAP_MS, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe(true);
}

describe('Storage Keeper in Chromium', () => {
  it('1. fresh install: welcome, empty badge, nothing sent', async () => {
    // The extension opens its Settings page in setup mode by itself.
    await expect
      .poll(
        () =>
          browser.context
            .pages()
            .map((page) => new URL(page.url()).hash)
            .includes('#setup'),
        { timeout: 15_000 },
      )
      .toBe(true);
    const popup = await browser.open('popup');
    await popup
      .getByRole('heading', { name: 'Keep your storage account from being deleted' })
      .waitFor();
    expect(await popup.getByRole('button', { name: 'Set up an account' }).isVisible()).toBe(true);
    expect((await browser.badge()).text).toBe('');
    expect(sim.requests).toHaveLength(0);
    await popup.close();
  });

  it("2. options: add an account, test it, save it; the popup shows the simulator's figures", async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.page.getByRole('button', { name: 'Add account' }).click();
    await options.fillAccount({
      baseUrl: sim.apiUrl,
      userId: user.userId,
      password: user.password,
      apiKey: user.apiKey,
      label: 'Demo',
    });
    await options.page.getByRole('button', { name: 'Test connection' }).click();
    await options.page
      .getByText(`Connected as ${user.userId}, storage on ${sim.nodeHost}.`)
      .waitFor();
    expect(await options.page.locator('.form-status').textContent()).toContain(
      '12.3 GB of 28 GB used',
    );
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

  it('3. sign-in: the alarm fires, the service records the login with the right credentials', async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.setNumber('Sign in every', 1); // 5 s in this test build
    await options.setNumber('Update usage every', 1440);
    await options.saveSettings();
    const before = user.lastLoginMs!;
    const count = sim.requests.filter((r) => r.server === 'api').length;
    await expect
      .poll(() => sim.requests.filter((r) => r.server === 'api').length, { timeout: 20_000 })
      .toBeGreaterThan(count);
    expect(lastApiRequest()).toMatchObject({
      userId: user.userId,
      password: user.password,
      keyVia: 'header',
      apiKey: user.apiKey,
      status: 200,
    });
    expect(user.lastLoginMs).toBeGreaterThan(before);
    const popup = new Popup(await browser.open('popup'));
    await popup
      .card('Demo')
      .getByText(/Last sign-in (just now|1 minute ago)/)
      .waitFor();
    await popup.page.close();
    await options.page.close();
  });

  it('4. matrix form: the simulator sees ;api_key= and no header', async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.editAccount('Demo');
    await options.page.getByRole('radio', { name: /Parameter in the address/ }).check();
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    // The first sign-in in the new form (a sign-in every 5 s here: one may have been under way at the click).
    const signIns = () => sim.requests.filter((r) => r.server === 'api');
    await expect
      .poll(() => signIns().some((r) => r.keyVia === 'matrix'), { timeout: 20_000 })
      .toBe(true);
    const first = signIns().findIndex((r) => r.keyVia === 'matrix');
    const request = signIns()[first]!;
    expect(request.path).toBe(`/v2/api/ba/user;api_key=${encodeURIComponent(user.apiKey)}`);
    expect(request).toMatchObject({ keyVia: 'matrix', status: 200 });
    expect(request.keyHeader).toBeUndefined();
    // The next scheduled one too: the form stays.
    await expect.poll(() => signIns().length, { timeout: 20_000 }).toBeGreaterThan(first + 1);
    expect(
      signIns()
        .slice(first)
        .filter((r) => r.keyVia !== 'matrix' || r.keyHeader !== undefined),
    ).toEqual([]);
    await options.page.close();
  });

  it('5. near full: one notification, the badge in the warning colour, no second notification', async () => {
    user.used = Math.round(0.92 * user.quota);
    const popup = new Popup(await browser.open('popup'));
    await afterManualCheckGap();
    await popup.checkNow();
    await expect.poll(() => browser.notifications()).toEqual([expect.stringMatching(/^usage:/)]);
    await expect
      .poll(() => browser.badge())
      .toMatchObject({ text: '92%', color: [227, 116, 0, 255] });
    await browser.currentWorker().evaluate(async () => {
      for (const id of Object.keys(await chrome.notifications.getAll()))
        await chrome.notifications.clear(id);
    });
    await afterManualCheckGap(); // so the second check really runs
    const checked = sim.requests.length;
    await popup.checkNow();
    await expect.poll(() => sim.requests.length).toBeGreaterThan(checked);
    await expect
      .poll(
        async () =>
          (await snapshots())[0]!.refresh.lastAttemptAt! > Date.now() - MANUAL_CHECK_GAP_MS,
      )
      .toBe(true);
    expect(await browser.notifications()).toEqual([]);
    await popup.page.getByText('Nearly full: 92%', { exact: true }).waitFor();
    await popup.page.close();
  });

  it('6. wrong password: its own message, last figures kept, badge !, account unchanged', async () => {
    const password = user.password;
    const saved = (await browser.storage()).accounts;
    const popup = new Popup(await browser.open('popup'));
    await afterManualCheckGap();
    user.password = 'renewed-on-the-website';
    await popup.page.getByRole('button', { name: 'Check now' }).click();
    const alert = popup.page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/apps password was rejected/);
    expect(await popup.page.textContent('body')).toContain('25.8 GB of 28 GB used');
    await expect.poll(async () => (await browser.badge()).text).toBe('!'); // drawn once the run is recorded
    expect((await browser.storage()).accounts).toEqual(saved);
    user.password = password;
    await popup.checkNow(); // not held back: the user fixed what failed
    await popup.page.getByRole('alert').waitFor({ state: 'detached' });
    await expect.poll(async () => (await browser.badge()).text).toBe('92%');
    await popup.page.close();
  }, 60_000);

  const failures: [string, () => void, string][] = [
    ['HTML 502', () => sim.setFault('node', 'html-502'), 'server-error'],
    ['result ≠ 0', () => sim.setFault('node', 'service-error'), 'service-error'],
    ['stalled server', () => sim.setFault('node', 'stall'), 'timeout'],
  ];

  it.each(failures)(
    '6. %s once: a calm line, last figures kept, the badge keeps the percentage, account unchanged',
    async (_name, breakIt, kind) => {
      const saved = (await browser.storage()).accounts;
      const popup = new Popup(await browser.open('popup'));
      await afterManualCheckGap();
      breakIt();
      await popup.page.getByRole('button', { name: 'Check now' }).click();
      await popup
        .card('Demo')
        .getByText(/^The last check failed /)
        .waitFor({ timeout: 30_000 });
      expect(await popup.page.getByRole('alert').count()).toBe(0);
      expect((await snapshots())[0]!.refresh.failure?.kind).toBe(kind);
      expect(await popup.page.textContent('body')).toContain('25.8 GB of 28 GB used');
      expect((await browser.badge()).text).toBe('92%');
      expect((await browser.storage()).accounts).toEqual(saved);
      sim.setFault('node', undefined);
      // The extension's own retry (moments later in this build) gets through.
      await expect
        .poll(async () => (await snapshots())[0]!.refresh.failure, {
          timeout: 30_000,
          interval: 200,
        })
        .toBeUndefined();
      await popup.page.close();
    },
    90_000,
  );

  it('7. browser restart: alarms still there, state intact', async () => {
    const before = await browser.storage();
    const profileDir = browser.profileDir;
    await browser.close({ keepProfile: true });
    browser = await launchExtension({ profileDir });
    await expect
      .poll(async () => (await browser.alarms()).map((a: { name: string }) => a.name).sort())
      .toEqual(['keep-alive', 'refresh']);
    const after = await browser.storage();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.settings).toEqual(before.settings);
    const popup = new Popup(await browser.open('popup'));
    await popup.card('Demo').getByText('25.8 GB of 28 GB used').waitFor();
    await popup.page.close();
  });
});
