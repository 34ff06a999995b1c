import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import { DEFAULT_SETTINGS, storedSettings, type StoredSettings } from '../../lib/store/settings';
import {
  startSimulator,
  USER_PATH,
  type SimAccount,
  type Simulator,
} from '../../testbed/simulator/simulator';
import { ALARM, NOTICE_ID_PREFIX } from '../../lib/store/stored-names';
import { RELEASE_ACCOUNTS, releaseUsers } from '../../testbed/release-use';
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

// The update from the oldest and the newest kept release in Firefox: its own build
// (test/fixtures/releases/), installed permanently as its users have it, used as they use it in
// its own words: an account per key form (the users and accounts of testbed/release-use.ts),
// settings changed, notifications on, a usage notice shown, then the node down with a retry
// pending; then the current XPI installed over it, as Firefox updates an add-on, and the browser
// restarted on the kept profile. Both builds live hours of 5 s (WXT_TIME_SCALE 720). The step
// back is shown in Chromium (test/e2e/update.test.ts); every kept release is updated from on the
// fake browser (test/unit/scenarios/update-from-kept-releases.test.ts).

const current = messages('en');
/**
 * The user's settings, changed in the release's Settings page from their defaults: sign in
 * every hour (5 s), usage every 15 minutes (1.25 s), thresholds, and no forecast notices (the
 * others stay on).
 */
const SETTINGS: StoredSettings = {
  keepAliveHours: 1,
  refreshMinutes: 15,
  warningPercent: 70,
  criticalPercent: 85,
  notifyUsage: true,
  notifyKeepAlive: true,
  notifyForecast: false,
};
const NUMBERS = {
  keepAliveHours: 'settingSignInEvery',
  refreshMinutes: 'settingUsageUpdateEvery',
  warningPercent: 'settingWarning',
  criticalPercent: 'settingCritical',
} as const;
const SWITCHES = {
  settingNotifyUsage: true,
  settingNotifySignIn: true,
  settingNotifyForecast: false,
};
const DAMAGE_WORDS = [
  'damagedAccount',
  'storageAccountsNewer',
  'storageSettingsNewer',
  'storageAccountsNotAList',
];

type Stored = Record<string, unknown>;
const accountsOf = (stored: Stored) =>
  stored.accounts as { id: string; userId: string; label: string; keyForm: string }[];
const idOf = (stored: Stored, user: SimAccount) =>
  accountsOf(stored).find((account) => account.userId === user.userId)?.id ?? '';
const pointsOf = (stored: Stored, id: string, key: 'history' | 'recentHistory' = 'history') =>
  unpackPoints((stored[key] as Record<string, { points: string }> | undefined)?.[id]?.points ?? '');
const activityOf = (stored: Stored, id: string) =>
  unpackActivity(
    (stored.activity as Record<string, { entries: string }> | undefined)?.[id]?.entries ?? '',
  );
interface Snapshot {
  alerts?: { usage?: string };
  capacity?: unknown;
  refresh: { failure?: unknown; retryAt?: number; lastSuccessAt?: number };
}
const snapshotOf = (stored: Stored, id: string) =>
  (stored.snapshots as Record<string, Snapshot> | undefined)?.[id];

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
  /** An account sending its key in a header (over both thresholds: its usage notice is shown), one in the address. */
  const users = releaseUsers().filter(
    (user) => !RELEASE_ACCOUNTS[user.userId as keyof typeof RELEASE_ACCOUNTS].appKey,
  );
  const session = () => firefox!;
  const storage = () => session().storage() as Promise<Stored>;
  const periods = async () =>
    Object.fromEntries(
      (await session().alarms())
        .filter((a) => a.periodInMinutes)
        .map((a) => [a.name, a.periodInMinutes]),
    );
  const signInsSince = (at: number, { userId }: SimAccount) =>
    sim.requests.filter(
      (r) =>
        r.server === 'api' &&
        r.path.split(';')[0] === USER_PATH &&
        r.status === 200 &&
        r.atMs >= at &&
        r.userId === userId,
    );
  /** The alarms' names, sorted. */
  const alarmNames = async () => (await session().alarms()).map((alarm) => alarm.name).sort();

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
    // Both, right after a release is cut: its background is then the current one, byte for byte.
    return [
      ...(script === of(releaseBuild(version, 'firefox')) ? [version] : []),
      ...(script === of(FIREFOX_E2E_BUILD) ? ['current'] : []),
    ];
  };

  beforeAll(async () => {
    sim = await startSimulator({ accounts: users });
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

  it(`1. ${version}, installed for good: an account per key form added and settings changed in its own Settings page, in its own words, notifications on; readings, a usage notice, then the node down with a retry pending`, async () => {
    firefox = await launchFirefox({ install: { xpi: releaseXpi } });
    expect(await runningBackground()).toContain(version);
    const options = new SettingsPage(await session().open('options'), 'en', released);
    for (const user of users) {
      const { label, keyForm } = RELEASE_ACCOUNTS[user.userId as keyof typeof RELEASE_ACCOUNTS];
      await options.openNewAccount();
      await options.fillAccount({
        label,
        baseUrl: sim.apiUrl,
        userId: user.userId,
        password: user.password,
        apiKey: user.apiKey,
      });
      await setChecked(
        options.page,
        released(keyForm === 'matrix' ? 'keyFormMatrix' : 'keyFormHeader'),
        true,
      );
      await clickButton(options.page, released('save'));
      await options.page.waitForSelector(
        `::-p-aria([name=${JSON.stringify(released('addAccount'))}][role="button"])`,
      );
    }
    await showSettings(options);
    for (const [setting, key] of Object.entries(NUMBERS))
      await options.fill(released(key), String(SETTINGS[setting as keyof typeof NUMBERS]));
    for (const [key, on] of Object.entries(SWITCHES))
      await setChecked(options.page, released(key), on);
    await clickButton(options.page, released('saveSettings'));
    await waitForText(options.page, released('saved'));
    // A reading of each, and the full account's usage notice shown and told in its alerts.
    const [full] = users;
    await expect
      .poll(
        async () => {
          const stored = await storage();
          return (
            users.every((user) => pointsOf(stored, idOf(stored, user)).length >= 1) &&
            snapshotOf(stored, idOf(stored, full!))?.alerts?.usage
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('critical');
    const fullId = idOf(await storage(), full!);
    expect(await session().notifications()).toContain(`${NOTICE_ID_PREFIX.usage}:${fullId}`);
    // The storage node down until after the update: once the release has recorded a failed
    // reading of each and set its retry, nothing more is read, and the updated pages can only
    // show what the release stored.
    sim.setFault('node', 'server-error');
    const retrying = (stored: Stored) =>
      users.every((user) => {
        const refresh = snapshotOf(stored, idOf(stored, user))?.refresh;
        return refresh?.failure !== undefined && refresh.retryAt !== undefined;
      });
    await expect
      .poll(async () => retrying(await storage()) && (await alarmNames()).join(), {
        timeout: 30_000,
      })
      .toBe([ALARM.signIn, ALARM.usageUpdate, ALARM.retry].sort().join());
    fromRelease = await storage();
    releaseAlarms = await periods();
    expect(retrying(fromRelease)).toBe(true);
    // The values the user set, away from their defaults: an update that lost one would show.
    expect(fromRelease.settings).toEqual(SETTINGS);
    for (const key of [
      'keepAliveHours',
      'refreshMinutes',
      'warningPercent',
      'criticalPercent',
      'notifyForecast',
    ])
      expect(SETTINGS[key as keyof StoredSettings], key).not.toBe(
        storedSettings(DEFAULT_SETTINGS)[key as keyof StoredSettings],
      );
    expect(accountsOf(fromRelease).map(({ label, keyForm }) => ({ label, keyForm }))).toEqual([
      { label: 'Header', keyForm: 'header' },
      { label: 'Matrix', keyForm: 'matrix' },
    ]);
    expect(Object.keys(releaseAlarms).sort()).toEqual(['keep-alive', 'refresh']);
    // Only the names and fields its record lists.
    const names = releaseNames(version);
    for (const [key, value] of Object.entries(fromRelease).filter(([k]) => !k.endsWith('$'))) {
      const recorded = names.fields[`local:${key}`];
      expect(recorded, key).toBeDefined();
      expect(recorded, key).toEqual(expect.arrayContaining(storedPaths(value, recorded!)));
    }
  }, 120_000);

  it('2. the current XPI installed over it, the browser restarted: the accounts, settings, snapshots with their alerts, history, recent days, activity, setup mark and every alarm kept, nothing damaged, no notice again, the next sign-ins with the kept credentials in each kept form', async () => {
    const updatedAt = Date.now();
    await session().updateInPlace(FIREFOX_E2E_XPI);
    const profileDir = session().profileDir;
    await session().close({ keepProfile: true });
    firefox = await launchFirefox({ profileDir });
    expect(await runningBackground()).toContain('current');

    // The current version signs in with the kept credentials, in each kept form, and logs it.
    for (const user of users) {
      const { id, keyForm } = accountsOf(fromRelease).find((a) => a.userId === user.userId)!;
      const signedInAndLogged = async () => {
        const request = signInsSince(updatedAt, user)[0];
        return (
          request !== undefined &&
          activityOf(await storage(), id).some(
            (e) => e.check === 'sign-in' && e.outcome === 'ok' && e.at >= request.atMs,
          )
        );
      };
      await expect.poll(signedInAndLogged, { timeout: 30_000, interval: 500 }).toBe(true);
      expect(signInsSince(updatedAt, user)[0]).toMatchObject({
        password: user.password,
        apiKey: user.apiKey,
        keyVia: keyForm,
      });
    }
    // Firefox clears an add-on's alarms when it updates it (seen with an alarm of the test's own):
    // the current version sets them again, under the release's names at the user's intervals,
    // and the retry (the node still down) once its first run has ended, its notices decided.
    await expect
      .poll(alarmNames, { timeout: 30_000 })
      .toEqual([ALARM.signIn, ALARM.usageUpdate, ALARM.retry].sort());
    expect(await periods()).toEqual(releaseAlarms);
    // No notice again (Firefox's notices do not outlive its restart: any one now is new).
    expect(await session().notifications()).toEqual([]);

    // The figures the release read (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'));
    await waitForText(popup.page, '92 GB of 100 GB used', popup.card('Header'));
    await expectNothingDamaged(popup.page, current);
    const options = new SettingsPage(await session().open('options'));
    await waitForText(options.page, 'Matrix', options.section('accountsHeading'));
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    for (const [setting, key] of Object.entries(NUMBERS))
      expect(
        await (
          await field(options.page, current(key))
        ).evaluate((e) => (e as HTMLInputElement).value),
        key,
      ).toBe(String(SETTINGS[setting as keyof typeof NUMBERS]));
    for (const [key, on] of Object.entries(SWITCHES))
      expect(await isChecked(options.page, current(key)), key).toBe(on);

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    expect(updated.setupOpened).toEqual(fromRelease.setupOpened);
    for (const { id } of accountsOf(fromRelease)) {
      const [was, is] = [snapshotOf(fromRelease, id)!, snapshotOf(updated, id)!];
      expect(is.alerts, id).toEqual(was.alerts);
      expect(is.capacity, id).toEqual(was.capacity);
      expect(is.refresh.lastSuccessAt, id).toBe(was.refresh.lastSuccessAt);
      expect(pointsOf(updated, id), id).toEqual(pointsOf(fromRelease, id));
      if (fromRelease.recentHistory !== undefined)
        expect(pointsOf(updated, id, 'recentHistory'), id).toEqual(
          pointsOf(fromRelease, id, 'recentHistory'),
        );
      // What the release logged, still there.
      const logged = activityOf(fromRelease, id);
      expect(activityOf(updated, id).slice(0, logged.length), id).toEqual(logged);
    }
    expect(await session().notifications()).toEqual([]);
  }, 120_000);
});
