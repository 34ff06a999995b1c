import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { SettingsPage, Popup } from '../../testbed/browsers/chromium-pages';
import { badgeRgba } from '../../testbed/browsers/badge-color';
import { BADGE_COLORS } from '../../lib/outlook/badge';
import { MANUAL_CHECK_GAP_MS } from '../../lib/schedule/when-due';
import { GIB as GB } from '../../lib/basics/bytes';

// Issue 17 in real Chromium, as a user sees it: one failed check (a 503 asking to come back in
// two years) leaves the card and the badge calm, the account at 99 % keeps the badge, the card
// says when the extension really tries again; a connection test result goes with an edit.
let full: Simulator;
let flakySim: Simulator;
let browser: ExtensionSession;
const nearlyFull = demoAccount({
  userId: 'full',
  password: 'full-pw',
  apiKey: 'full-key',
  quota: 100 * GB,
  used: 99 * GB,
});
const flaky = demoAccount({ userId: 'flaky', password: 'flaky-pw', apiKey: 'flaky-key' });

beforeAll(async () => {
  full = await startSimulator({ accounts: [nearlyFull] });
  flakySim = await startSimulator({ accounts: [flaky] });
  browser = await launchExtension();
  // Sign in daily, update usage daily (two minutes each in this build): only "Check now" runs here.
  await browser.storeSettings({ usageUpdateMinutes: 1440, notifyUsage: false });
  await browser.storeAccounts([
    storedAccount(full, nearlyFull, { id: 'full', label: 'Full' }),
    storedAccount(flakySim, flaky, { id: 'flaky', label: 'Flaky' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await full?.close();
  await flakySim?.close();
});

describe('a card and a badge that do not cry wolf', () => {
  it(
    'one failed check: a quiet line with the scheduled retry in words; no alarm; the 99 % account keeps the badge',
    { timeout: 90_000 },
    async () => {
      const popup = new Popup(await browser.open('popup'));
      await popup
        .card('Flaky')
        .getByText(/ of .* used/)
        .waitFor({ timeout: 20_000 });
      await popup
        .card('Full')
        .getByText(/ of .* used/)
        .waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await browser.badge()).text, { timeout: 20_000 }).toBe('99%');

      // The service is down for maintenance and asks to come back in two years.
      flakySim.setFault('api', 'unavailable', { retryAfter: '63072000' });
      // Check now holds back an account checked moments ago (10 real seconds): wait until the first check is older.
      const lastAttempt = () =>
        browser
          .currentWorker()
          .evaluate(
            async () =>
              (
                (await chrome.storage.local.get('snapshots')).snapshots as Record<
                  string,
                  { keepAlive: { lastAttemptAt: number } }
                >
              ).flaky!.keepAlive.lastAttemptAt,
          );
      await expect
        .poll(async () => Date.now() - (await lastAttempt()) >= MANUAL_CHECK_GAP_MS, {
          timeout: 30_000,
          interval: 500,
        })
        .toBe(true);
      await popup.page.getByRole('button', { name: 'Check now', exact: true }).click();
      const quiet = popup.card('Flaky').locator('.card__quiet');
      await quiet.waitFor({ timeout: 20_000 });
      // The retry the extension scheduled: within its day (two minutes in this build), never a million minutes.
      expect(await quiet.textContent()).toMatch(
        /^The last check failed (just now|1 minute ago)\. Storage Keeper tries again in 2 minutes\.$/,
      );
      const card = (await popup.card('Flaky').textContent()) ?? '';
      expect(card).not.toContain('deleted after about two years');
      expect(card).not.toContain('may be out of date');
      expect(await popup.card('Flaky').locator('.failure').count()).toBe(0);

      // The badge is drawn once the run is recorded, a moment after the card reads it.
      await expect
        .poll(async () => (await browser.badge()).title, { timeout: 10_000 })
        .toMatch(/Flaky: .*\nThe last check failed/);
      const badge = await browser.badge();
      expect(badge.text).toBe('99%');
      expect(badge.color).toEqual(badgeRgba(BADGE_COLORS.critical));
      expect(badge.title).toContain('Full: Critically full: 99%');
      flakySim.setFault('api', undefined);
    },
  );

  it(
    'a connection test result goes as soon as the password is edited',
    { timeout: 60_000 },
    async () => {
      const options = new SettingsPage(await browser.open('options'));
      await options.openNewAccount();
      await options.fillAccount({
        baseUrl: full.apiUrl,
        userId: 'full',
        password: 'full-pw',
        apiKey: 'full-key',
      });
      await options.page.getByRole('button', { name: 'Test connection' }).click();
      const result = options.page.getByText(/Connected as full, storage on /);
      await result.waitFor({ timeout: 20_000 });
      await options.page.getByLabel('Apps password', { exact: true }).fill('full-pw2');
      await result.waitFor({ state: 'detached', timeout: 5_000 });
    },
  );
});
