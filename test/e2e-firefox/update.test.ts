import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type Simulator,
} from '../../testbed/simulator/simulator';
import {
  FIREFOX_E2E_XPI,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import {
  clickButton,
  field,
  SettingsPage as OptionsPage,
  Popup,
  waitForText,
} from '../../testbed/browsers/firefox-pages';
import { messages } from '../../testbed/browsers/chromium-pages';
import { buildMessages, LAST_RELEASE, LAST_RELEASE_BUILD } from '../../scripts/last-release';

// The update from the last release in Firefox: its own build (test/fixtures/releases/), installed
// permanently as its users have it, used as they use it; then the current XPI installed over it,
// as Firefox updates an add-on, and the browser restarted on the kept profile. Both builds live
// hours of 5 s (WXT_TIME_SCALE 720). The step back is shown in Chromium (test/e2e/update.test.ts).

const released = buildMessages(LAST_RELEASE_BUILD.firefox.dir);
const current = messages('en');
/** The user's schedule, changed in the release's Settings page: sign in every hour (5 s), usage every 30 minutes (2.5 s). */
const SCHEDULE = { keepAliveHours: 1, refreshMinutes: 30 };
const DAMAGE_WORDS = [
  'damagedAccount',
  'storageAccountsNewer',
  'storageSettingsNewer',
  'storageAccountsNotAList',
];

let sim: Simulator;
let firefox: FirefoxSession | undefined;
const home = mkdtempSync(join(tmpdir(), 'sk-firefox-update-'));
const releaseXpi = join(home, `storage-keeper-${LAST_RELEASE.version}.xpi`);
const user = demoAccount({
  userId: 'kept-user',
  password: 'kept-pässword',
  apiKey: 'kept-key',
  bonus: undefined,
});

type Stored = Record<string, unknown>;
const session = () => firefox!;
const storage = () => session().storage() as Promise<Stored>;
const accountId = (stored: Stored) => (stored.accounts as { id: string }[])[0]!.id;
const pointsOf = (stored: Stored) =>
  unpackPoints(
    Object.values((stored.history ?? {}) as Record<string, { points: string }>)[0]?.points ?? '',
  );
const periods = async () =>
  Object.fromEntries(
    (await session().alarms())
      .filter((a) => a.periodInMinutes)
      .map((a) => [a.name, a.periodInMinutes]),
  );
const signInsSince = (at: number) =>
  sim.requests.filter(
    (r) => r.server === 'api' && r.path === USER_PATH && r.status === 200 && r.atMs >= at,
  );

async function expectNothingDamaged(page: Page, t: (key: string) => string) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const key of DAMAGE_WORDS) expect(text, key).not.toContain(t(key));
}

beforeAll(async () => {
  sim = await startSimulator({ accounts: [user] });
  // The release's XPI, as the current one is made (test/e2e-firefox/global-setup.ts).
  execFileSync(
    'npx',
    [
      'web-ext',
      'build',
      '--source-dir',
      LAST_RELEASE_BUILD.firefox.dir,
      '--artifacts-dir',
      home,
      '--filename',
      `storage-keeper-${LAST_RELEASE.version}.xpi`,
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

describe.sequential(`an update from ${LAST_RELEASE.version} in Firefox`, () => {
  it(`1. ${LAST_RELEASE.version}, installed for good: an account added and the schedule changed in its Settings page, a sign-in and a reading`, async () => {
    firefox = await launchFirefox({ install: { xpi: releaseXpi } });
    const options = new OptionsPage(await session().open('options'), 'en', released);
    await options.addAccount({
      label: 'Kept',
      baseUrl: sim.apiUrl,
      userId: user.userId,
      password: user.password,
      apiKey: user.apiKey,
    });
    await options.fill(released('settingKeepAlive'), String(SCHEDULE.keepAliveHours));
    await options.fill(released('settingRefresh'), String(SCHEDULE.refreshMinutes));
    await clickButton(options.page, released('saveSettings'));
    await waitForText(options.page, released('saved'));
    await expect
      .poll(async () => pointsOf(await storage()).length, { timeout: 30_000, interval: 500 })
      .toBe(1);
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
    expect(fromRelease.settings).toMatchObject(SCHEDULE);
    expect(Object.keys(releaseAlarms).sort()).toEqual(['keep-alive', 'refresh']);
  }, 90_000);

  it('2. the current XPI installed over it, the browser restarted: the account, settings, history and alarms kept, nothing damaged, the next sign-in with the kept credentials', async () => {
    const updatedAt = Date.now();
    await session().updateInPlace(FIREFOX_E2E_XPI);
    const profileDir = session().profileDir;
    await session().close({ keepProfile: true });
    firefox = await launchFirefox({ profileDir });

    // The current version runs (the release kept no activity log) and signs in with the kept credentials.
    expect(fromRelease.activity).toBeUndefined();
    const id = accountId(fromRelease);
    const signIns = async () =>
      unpackActivity(
        ((await storage()).activity as Record<string, { entries: string }> | undefined)?.[id]
          ?.entries ?? '',
      ).filter((e) => e.check === 'sign-in' && e.outcome === 'ok').length;
    await expect.poll(signIns, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    expect(signInsSince(updatedAt)[0]).toMatchObject({
      userId: user.userId,
      password: user.password,
      apiKey: user.apiKey,
    });

    // The figures the release read (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'));
    await waitForText(popup.page, '12.3 GB of 28 GB used', popup.card('Kept'));
    await expectNothingDamaged(popup.page, current);
    const options = new OptionsPage(await session().open('options'));
    await waitForText(options.page, 'Kept', options.section('accountsHeading'));
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    const value = async (key: string) =>
      (await field(options.page, current(key))).evaluate((e) => (e as HTMLInputElement).value);
    expect(await value('settingSignInEvery')).toBe(String(SCHEDULE.keepAliveHours));
    expect(await value('settingUsageUpdateEvery')).toBe(String(SCHEDULE.refreshMinutes));

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    expect(pointsOf(updated)).toEqual(pointsOf(fromRelease));
    // Firefox clears an add-on's alarms when it updates it (seen with an alarm of the test's own):
    // the current version sets them again, under the release's names, at the user's interval.
    expect(await periods()).toEqual(releaseAlarms);
  }, 90_000);
});
