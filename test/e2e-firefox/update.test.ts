import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/store/settings';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type Simulator,
} from '../../testbed/simulator/simulator';
import {
  FIREFOX_E2E_BUILD,
  FIREFOX_E2E_XPI,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import {
  clickButton,
  field,
  SettingsPage,
  Popup,
  waitForText,
} from '../../testbed/browsers/firefox-pages';
import { messages } from '../../testbed/browsers/chromium-pages';
import {
  buildMessages,
  releaseBuild,
  releaseNames,
  releasesForBrowsers,
} from '../../testbed/kept-releases';
import { storedPaths } from '../e2e/stored-paths';

// The update from each kept release in Firefox: its own build (test/fixtures/releases/),
// installed permanently as its users have it, used as they use it in its own words, every value
// they can set away from its default; then the current XPI installed over it, as Firefox updates
// an add-on, and the browser restarted on the kept profile. Both builds live hours of 5 s
// (WXT_TIME_SCALE 720). The step back is shown in Chromium (test/e2e/update.test.ts).

const current = messages('en');
/**
 * The user's settings, each changed in the release's Settings page from its default: sign in
 * every hour (5 s), usage every 15 minutes (1.25 s), thresholds and notices.
 */
const SETTINGS: Settings = {
  keepAliveHours: 1,
  refreshMinutes: 15,
  warningPercent: 70,
  criticalPercent: 85,
  notifyUsage: false,
  notifyKeepAlive: false,
  notifyForecast: false,
};
const NUMBERS = {
  keepAliveHours: 'settingSignInEvery',
  refreshMinutes: 'settingUsageUpdateEvery',
  warningPercent: 'settingWarning',
  criticalPercent: 'settingCritical',
} as const;
const SWITCHES = ['settingNotifyUsage', 'settingNotifySignIn', 'settingNotifyForecast'];
const DAMAGE_WORDS = [
  'damagedAccount',
  'storageAccountsNewer',
  'storageSettingsNewer',
  'storageAccountsNotAList',
];

type Stored = Record<string, unknown>;
const accountId = (stored: Stored) => (stored.accounts as { id: string }[])[0]!.id;
const pointsOf = (stored: Stored) =>
  unpackPoints(
    Object.values((stored.history ?? {}) as Record<string, { points: string }>)[0]?.points ?? '',
  );

async function expectNothingDamaged(page: Page, t: (key: string) => string) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const key of DAMAGE_WORDS) expect(text, key).not.toContain(t(key));
}

/**
 * Shows a version's Settings section where its page has sections (0.2.0 on); a page without them
 * (0.1.0) shows everything at once.
 */
async function showSettings(options: SettingsPage) {
  const link = `::-p-aria([name=${JSON.stringify(options.t('settingsHeading'))}][role="link"])`;
  if (await options.page.$(link)) await options.showSection('settingsHeading');
}

/** Ticks or clears the checkbox or radio a label names, as a click does. */
async function setChecked(page: Page, label: string, checked: boolean) {
  const control = await field(page, label);
  if ((await control.evaluate((e) => (e as HTMLInputElement).checked)) !== checked)
    await control.click();
}
const isChecked = async (page: Page, label: string) =>
  (await field(page, label)).evaluate((e) => (e as HTMLInputElement).checked);

// The oldest and the newest kept release (every one: test/unit/scenarios/update-from-kept-releases.test.ts).
describe.each(releasesForBrowsers())('an update from %s in Firefox', (version) => {
  const released = buildMessages(releaseBuild(version, 'firefox'));
  let sim: Simulator;
  let firefox: FirefoxSession | undefined;
  const home = mkdtempSync(join(tmpdir(), `sk-firefox-update-${version}-`));
  const releaseXpi = join(home, `storage-keeper-${version}.xpi`);
  const user = demoAccount({
    userId: 'kept-user',
    password: 'kept-pässword',
    apiKey: 'kept-key',
    bonus: undefined,
  });
  const session = () => firefox!;
  const storage = () => session().storage() as Promise<Stored>;
  const periods = async () =>
    Object.fromEntries(
      (await session().alarms())
        .filter((a) => a.periodInMinutes)
        .map((a) => [a.name, a.periodInMinutes]),
    );
  const signInsSince = (at: number) =>
    sim.requests.filter(
      (r) =>
        r.server === 'api' &&
        r.path.split(';')[0] === USER_PATH &&
        r.status === 200 &&
        r.atMs >= at,
    );

  /**
   * Which build's background script Firefox runs now: the script its event page loaded, as the
   * installed add-on holds it, against the release's and the current build's.
   */
  const runningBackground = async () => {
    const script = await session().inExtension(async () => {
      const page = (await browser.runtime.getBackgroundPage()) as unknown as typeof window | null;
      const src = page?.document.querySelector('script[src]')?.getAttribute('src');
      return src ? (await fetch(new URL(src, page!.location.href))).text() : '';
    });
    const of = (build: string) => readFileSync(join(build, 'background.js'), 'utf8');
    if (script === of(releaseBuild(version, 'firefox'))) return version;
    return script === of(FIREFOX_E2E_BUILD) ? 'current' : 'neither';
  };

  beforeAll(async () => {
    sim = await startSimulator({ accounts: [user] });
    // The release's XPI, as the current one is made (test/e2e-firefox/global-setup.ts).
    execFileSync(
      'npx',
      [
        'web-ext',
        'build',
        '--source-dir',
        releaseBuild(version, 'firefox'),
        '--artifacts-dir',
        home,
        '--filename',
        `storage-keeper-${version}.xpi`,
      ],
      { stdio: 'ignore' },
    );
  });
  afterAll(async () => {
    await firefox?.close();
    await sim?.close();
    rmSync(home, { recursive: true, force: true });
  });

  let fromRelease: Stored;
  let releaseAlarms: Record<string, number | undefined>;

  it(`1. ${version}, installed for good: an account added and every setting changed in its own Settings page, in its own words; a sign-in and a reading`, async () => {
    firefox = await launchFirefox({ install: { xpi: releaseXpi } });
    expect(await runningBackground()).toBe(version);
    const options = new SettingsPage(await session().open('options'), 'en', released);
    await options.openNewAccount();
    await options.fillAccount({
      label: 'Kept',
      baseUrl: sim.apiUrl,
      userId: user.userId,
      password: user.password,
      apiKey: user.apiKey,
    });
    await setChecked(options.page, released('keyFormMatrix'), true);
    await setChecked(options.page, released('fieldAccountNotifications'), false);
    await clickButton(options.page, released('save'));
    await options.page.waitForSelector(
      `::-p-aria([name=${JSON.stringify(released('addAccount'))}][role="button"])`,
    );
    await showSettings(options);
    for (const [setting, key] of Object.entries(NUMBERS))
      await options.fill(released(key), String(SETTINGS[setting as keyof typeof NUMBERS]));
    for (const key of SWITCHES) await setChecked(options.page, released(key), false);
    await clickButton(options.page, released('saveSettings'));
    await waitForText(options.page, released('saved'));
    await expect
      .poll(async () => pointsOf(await storage()).length, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(1);
    // The storage node down until after the update: once the release has recorded a failed
    // reading, nothing more is read, and the updated pages can only show what the release stored.
    sim.setFault('node', 'server-error');
    await expect
      .poll(
        async () =>
          ((await storage()).snapshots as Record<string, { refresh: { failure?: unknown } }>)[
            accountId(await storage())
          ]?.refresh.failure,
        { timeout: 30_000 },
      )
      .toBeDefined();
    fromRelease = await storage();
    releaseAlarms = await periods();
    // Every value the user can set, away from its default: an update that lost one would show.
    expect(fromRelease.settings).toEqual(SETTINGS);
    for (const [key, value] of Object.entries(SETTINGS))
      expect(value, key).not.toBe(DEFAULT_SETTINGS[key as keyof Settings]);
    expect((fromRelease.accounts as unknown[])[0]).toMatchObject({
      label: 'Kept',
      keyForm: 'matrix',
      notifications: false,
    });
    expect(Object.keys(releaseAlarms).sort()).toEqual(['keep-alive', 'refresh']);
    // Only the names and fields its record lists.
    const names = releaseNames(version);
    for (const [key, value] of Object.entries(fromRelease).filter(([k]) => !k.endsWith('$'))) {
      const recorded = names.fields[`local:${key}`];
      expect(recorded, key).toBeDefined();
      expect(recorded, key).toEqual(expect.arrayContaining(storedPaths(value, recorded!)));
    }
  }, 90_000);

  it('2. the current XPI installed over it, the browser restarted: the account, settings, history and alarms kept, nothing damaged, the next sign-in with the kept credentials', async () => {
    const updatedAt = Date.now();
    await session().updateInPlace(FIREFOX_E2E_XPI);
    const profileDir = session().profileDir;
    await session().close({ keepProfile: true });
    firefox = await launchFirefox({ profileDir });
    expect(await runningBackground()).toBe('current');

    // The current version signs in with the kept credentials, in the kept form, and logs it.
    const id = accountId(fromRelease);
    const signedInAndLogged = async () => {
      const request = signInsSince(updatedAt)[0];
      const logged = unpackActivity(
        ((await storage()).activity as Record<string, { entries: string }> | undefined)?.[id]
          ?.entries ?? '',
      );
      return (
        request !== undefined &&
        logged.some((e) => e.check === 'sign-in' && e.outcome === 'ok' && e.at >= request.atMs)
      );
    };
    await expect.poll(signedInAndLogged, { timeout: 30_000, interval: 500 }).toBe(true);
    expect(signInsSince(updatedAt)[0]).toMatchObject({
      userId: user.userId,
      password: user.password,
      apiKey: user.apiKey,
      keyVia: 'matrix',
    });

    // The figures the release read (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'));
    await waitForText(popup.page, '12.3 GB of 28 GB used', popup.card('Kept'));
    await expectNothingDamaged(popup.page, current);
    const options = new SettingsPage(await session().open('options'));
    await waitForText(options.page, 'Kept', options.section('accountsHeading'));
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    for (const [setting, key] of Object.entries(NUMBERS))
      expect(
        await (
          await field(options.page, current(key))
        ).evaluate((e) => (e as HTMLInputElement).value),
        key,
      ).toBe(String(SETTINGS[setting as keyof typeof NUMBERS]));
    for (const key of SWITCHES)
      expect(await isChecked(options.page, current(key)), key).toBe(false);

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    expect(pointsOf(updated)).toEqual(pointsOf(fromRelease));
    // Firefox clears an add-on's alarms when it updates it (seen with an alarm of the test's own):
    // the current version sets them again, under the release's names, at the user's interval.
    expect(await periods()).toEqual(releaseAlarms);
  }, 90_000);
});
