import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { SettingsPage, Popup } from '../../testbed/browsers/chromium-pages';
import { MANUAL_CHECK_GAP_MS } from '../../lib/schedule/when-due';
import { ALARM } from '../../lib/store/stored-names';
import { GIB as GB } from '../../lib/basics/bytes';

// A sign-in story as a user sees it, in real Chromium on the time-scaled build (an hour lasts 5 s):
// a password renewed on the website shows on its card at the next sign-in, the fix in the Settings
// page clears it, an edit to another server sends nothing more to the old one, and Check now in
// the popup is a full check. What takes days (a day of failure told once, "works again", the
// escalation) and Check now's 10 s gap run on the fake clock in the unit project
// (test/unit/scenarios/sign-in-trust.test.ts, check-now.test.ts).
let sim: Simulator;
let other: Simulator;
let browser: ExtensionSession;
const flaky = demoAccount({ userId: 'flaky', password: 'flaky-pw', apiKey: 'flaky-key' });
const broken = demoAccount({ userId: 'broken', password: 'broken-pw', apiKey: 'broken-key' });
const moved = demoAccount({
  userId: 'moved',
  password: 'moved-pw',
  apiKey: 'moved-key',
  used: 3 * GB,
});
const TIME_SCALE = 720; // the e2e build's WXT_TIME_SCALE
const SCALED_DAY_MS = 120_000;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [flaky, broken] });
  other = await startSimulator({ accounts: [moved] });
  browser = await launchExtension();
  await browser.storeSettings({
    signInHours: 1,
    usageUpdateMinutes: 1440,
    notifyUsage: false,
    notifySignIn: false,
    notifyForecast: false,
  });
  await browser.storeAccounts([
    storedAccount(sim, flaky, { id: 'flaky', label: 'Flaky' }),
    storedAccount(sim, broken, { id: 'broken', label: 'Broken' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
  await other?.close();
});

const apiCalls = (s: Simulator, userId: string, status?: number) =>
  s.requests.filter(
    (r) =>
      r.server === 'api' && r.userId === userId && (status === undefined || r.status === status),
  );

type StoredCheck = { lastAttemptAt?: number; failure?: unknown };
/** An account's two checks as the background last recorded them. */
async function checksOf(accountId: string): Promise<Record<'keepAlive' | 'refresh', StoredCheck>> {
  return (
    (await browser.storage()).snapshots as Record<
      string,
      Record<'keepAlive' | 'refresh', StoredCheck>
    >
  )[accountId]!;
}

/** Waits until Check now checks this account in full: neither check attempted within the manual-check gap (10 real seconds). */
async function afterManualCheckGap(accountId: string) {
  await expect
    .poll(
      async () => {
        const { keepAlive, refresh } = await checksOf(accountId);
        return (
          Date.now() - Math.max(keepAlive.lastAttemptAt ?? 0, refresh.lastAttemptAt ?? 0) >=
          MANUAL_CHECK_GAP_MS
        );
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

describe('a sign-in you can trust, in Chromium', () => {
  it('1. a password renewed on the website: its card says so at the next sign-in, the other card does not', async () => {
    const popup = new Popup(await browser.open('popup'));
    await popup
      .card('Flaky')
      .getByText(/ of .* used/)
      .waitFor({ timeout: 20_000 });
    broken.password = 'renewed-on-the-website';
    await expect
      .poll(() => apiCalls(sim, 'broken', 401).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await popup
      .card('Broken')
      .getByText(/apps password was rejected/)
      .waitFor({ timeout: 20_000 });
    expect(await popup.card('Flaky').textContent()).not.toMatch(/rejected/);
    await popup.page.close();
  }, 60_000);

  it('2. fixed in the Settings page: the card shows the usage again, not the failure', async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.editAccount('Broken');
    await options.page.getByLabel('Apps password').fill('renewed-on-the-website');
    const savedAt = Date.now();
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => apiCalls(sim, 'broken', 200).some((r) => r.atMs > savedAt), { timeout: 20_000 })
      .toBe(true);
    const popup = new Popup(await browser.open('popup'));
    await popup
      .card('Broken')
      .getByText(/ of .* used/)
      .waitFor();
    expect(
      await popup
        .card('Broken')
        .getByText(/apps password was rejected/)
        .count(),
    ).toBe(0);
    await popup.page.close();
    await options.page.close();
  }, 60_000);

  it('3. edited to another server: the old details are gone and nothing more goes to the old server', async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.editAccount('Flaky');
    await options.fillAccount({
      baseUrl: other.apiUrl,
      userId: moved.userId,
      password: moved.password,
      apiKey: moved.apiKey,
    });
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    const editedAt = Date.now();
    const popup = new Popup(await browser.open('popup'));
    const card = popup.card('Flaky');
    await card.getByText('3 GB of 28 GB used').waitFor({ timeout: 20_000 });
    expect(await card.textContent()).not.toContain('flaky');
    // Two more sign-in periods (5 s each here) go by: the new server sees them.
    const signInsSinceEdit = () =>
      other.requests.filter((r) => r.server === 'api' && r.userId === 'moved' && r.atMs > editedAt)
        .length;
    await expect
      .poll(signInsSinceEdit, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(3);
    const toOldServer = sim.requests.filter((r) => r.userId === 'flaky' && r.atMs > editedAt);
    expect(toOldServer).toEqual([]);
    expect(
      other.requests.filter((r) => r.server === 'node' && r.userId === 'moved').length,
    ).toBeGreaterThan(0);
    expect(other.requests.every((r) => r.userId === 'moved')).toBe(true);
    await popup.page.close();
    await options.page.close();
  }, 60_000);

  it('4. Check now in the popup is a full check: a sign-in and the usage update of every account', async () => {
    // A week between sign-ins (14 minutes here), so only the clicks sign in.
    const options = new SettingsPage(await browser.open('options'));
    await options.setNumber('Sign in every', 168);
    await options.saveSettings();
    await options.page.close();
    // The background has taken the new period.
    await expect
      .poll(
        async () => (await browser.alarms()).find((a) => a.name === ALARM.signIn)?.periodInMinutes,
      )
      .toBe((168 * 60) / TIME_SCALE);
    // Usage updates come at least daily (2 minutes here), but the schedule makes none for most of
    // a day after the last: a first click makes one, and the click counted follows it closely.
    const popup = new Popup(await browser.open('popup'));
    await afterManualCheckGap('flaky');
    await popup.checkNow();
    const usageUpdatedAt = (await checksOf('flaky')).refresh.lastAttemptAt!;
    await afterManualCheckGap('flaky');
    const before = {
      api: other.requests.filter((r) => r.server === 'api').length,
      node: other.requests.filter((r) => r.server === 'node').length,
    };
    await popup.checkNow(); // answered once the check is done
    expect(Date.now(), 'answered before the schedule could update the usage again').toBeLessThan(
      usageUpdatedAt + SCALED_DAY_MS / 2,
    );
    expect(other.requests.filter((r) => r.server === 'api').length).toBe(before.api + 1);
    expect(other.requests.filter((r) => r.server === 'node').length).toBe(before.node + 1);
    await popup
      .card('Flaky')
      .getByText(/Last sign-in (just now|1 minute ago)/)
      .waitFor();
    await popup.page.close();
  }, 90_000);
});
