import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import { GIB as GB } from '../../lib/basics/bytes';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type SimAccount,
  type Simulator,
} from '../../testbed/simulator/simulator';
import {
  FAST_E2E_BUILD,
  launchExtension,
  type ExtensionSession,
} from '../../testbed/browsers/chromium';
import {
  messagePatterns,
  messages,
  SettingsPage as OptionsPage,
  Popup,
} from '../../testbed/browsers/chromium-pages';
import {
  buildMessages,
  LAST_RELEASE,
  LAST_RELEASE_BUILD,
  releaseNames,
} from '../../scripts/last-release';

// An update from the last release keeps everything, and a step back to it loses nothing. In real
// Chromium, on one profile and one unpacked folder (the extension's id comes from its path): the
// release's own build (test/fixtures/releases/) used as its users used it; then the current
// build's files in the same folder, loaded again as the browser updates an installed extension,
// and the browser restarted; later the release's files come back the same way, and then the
// current ones again. Both builds live days of 10 s (WXT_TIME_SCALE 8640).

const RELEASE = LAST_RELEASE_BUILD.chromium.dir;
const released = buildMessages(RELEASE);
const current = messages('en');
const SCALED_DAY_MS = 10_000;
/** The user's schedule, changed in the release's Settings page: sign in every 12 h (5 s), usage every 6 h (2.5 s). */
const SCHEDULE = { keepAliveHours: 12, refreshMinutes: 360 };
/** Changed again in the current version's Settings page, before the step back. */
const WARNING = 80;
/** What each version's pages say of stored data they cannot read or may not change. */
const DAMAGE_WORDS = [
  'damagedAccount',
  'storageAccountsNewer',
  'storageSettingsNewer',
  'storageAccountsNotAList',
];

let sim: Simulator;
let browser: ExtensionSession | undefined;
const home = mkdtempSync(join(tmpdir(), 'sk-update-'));
/** The unpacked folder the browser loads, whichever version's files it holds. */
const extensionDir = join(home, 'storage-keeper');
const profileDir = join(home, 'profile');
const kept = demoAccount({
  userId: 'kept-user',
  password: 'kept-pässword',
  apiKey: 'kept-key',
  bonus: undefined,
});
const added = demoAccount({
  userId: 'added-user',
  password: 'added-password',
  apiKey: 'added-key',
  bonus: undefined,
});
let growth: NodeJS.Timeout;

const session = () => browser!;
const restart = async () => {
  await browser?.close({ keepProfile: true });
  browser = await launchExtension({ extensionDir, profileDir, updatable: true });
};
/** Updates (or takes back) the extension in place, then restarts the browser; returns when the files changed. */
async function switchTo(build: string): Promise<number> {
  const at = Date.now();
  await session().updateInPlace(build);
  await restart();
  return at;
}

type Stored = Record<string, unknown>;
const storage = () => session().storage() as Promise<Stored>;
const pointsOf = (stored: Stored, id: string) =>
  unpackPoints(
    (stored.history as Record<string, { points: string }> | undefined)?.[id]?.points ?? '',
  );
const activityOf = (stored: Stored, id: string) =>
  unpackActivity(
    (stored.activity as Record<string, { entries: string }> | undefined)?.[id]?.entries ?? '',
  );
const accountsOf = (stored: Stored) => stored.accounts as { id: string; label: string }[];
/** The periodic alarms, by name, with their periods. */
const periods = async () =>
  Object.fromEntries(
    (await session().alarms())
      .filter((a) => a.periodInMinutes)
      .map((a) => [a.name, a.periodInMinutes]),
  );
/** getUser calls the simulator answered for this user since a time, as sent. */
const signInsSince = (at: number, { userId }: SimAccount) =>
  sim.requests.filter(
    (r) =>
      r.server === 'api' &&
      r.path === USER_PATH &&
      r.status === 200 &&
      r.atMs >= at &&
      r.userId === userId,
  );
const failedReading = (stored: Stored, id: string) =>
  (stored.snapshots as Record<string, { refresh: { failure?: unknown } }> | undefined)?.[id]
    ?.refresh.failure;

async function expectNothingDamaged(page: Page, t: (key: string) => string) {
  const text = await page.locator('body').innerText();
  for (const key of DAMAGE_WORDS) expect(text, key).not.toContain(t(key));
}

/** Each day a history had, still there (the last day may since have a later reading: a day keeps its last). */
function expectDaysKept(now: number[][], before: number[][]) {
  expect(now.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
  expect(now.map(([day]) => day)).toContain(before.at(-1)![0]);
}

beforeAll(async () => {
  sim = await startSimulator({ accounts: [kept, added] });
  // Half a GB a day, a little at a time: each day's reading differs.
  growth = setInterval(() => (kept.used += Math.round(GB / 40)), SCALED_DAY_MS / 20);
  cpSync(RELEASE, extensionDir, { recursive: true });
});
afterAll(async () => {
  clearInterval(growth);
  await browser?.close();
  await sim?.close();
  rmSync(home, { recursive: true, force: true });
});

/** What each step left, for the next to compare. */
let fromRelease: Stored;
let releaseAlarms: Record<string, number | undefined>;
let fromCurrent: Stored;
let fromReleaseAgain: Stored;
let keptId: string;
let addedId: string;

describe.sequential(`an update from ${LAST_RELEASE.version} in Chromium, and back`, () => {
  it(`1. ${LAST_RELEASE.version}, as its users have it: an account added and the schedule changed in its Settings page, days of usage and sign-ins`, async () => {
    expect(JSON.parse(readFileSync(join(RELEASE, 'manifest.json'), 'utf8')).version).toBe(
      LAST_RELEASE.version,
    );
    await restart();
    const options = new OptionsPage(await session().open('options'), 'en', released);
    await options.addAccount({
      label: 'Kept',
      baseUrl: sim.apiUrl,
      userId: kept.userId,
      password: kept.password,
      apiKey: kept.apiKey,
    });
    await options.page
      .getByLabel(released('settingKeepAlive'))
      .fill(String(SCHEDULE.keepAliveHours));
    await options.page.getByLabel(released('settingRefresh')).fill(String(SCHEDULE.refreshMinutes));
    await options.page.getByRole('button', { name: released('saveSettings') }).click();
    await options.page.getByText(released('saved'), { exact: true }).waitFor();
    keptId = accountsOf(await storage())[0]!.id;

    await expect
      .poll(async () => pointsOf(await storage(), keptId).length, {
        timeout: 5 * SCALED_DAY_MS,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(3);
    expect(signInsSince(0, kept).length).toBeGreaterThanOrEqual(3);
    // Then the storage node goes down until after the update. Once the release has recorded a
    // failed reading (its runs go one at a time), no reading comes after what is read here, and
    // what the updated pages show of usage can only come from what the release stored.
    sim.setFault('node', 'server-error');
    await expect
      .poll(async () => failedReading(await storage(), keptId), { timeout: 20_000 })
      .toBeDefined();
    fromRelease = await storage();
    releaseAlarms = await periods();
    expect(fromRelease.settings).toMatchObject(SCHEDULE);
    expect(Object.keys(releaseAlarms).sort()).toEqual(['keep-alive', 'refresh']);

    // The release stores and sets only the names recorded for it (test/unit/structure/stored-names.test.ts holds the code to them).
    const names = releaseNames(LAST_RELEASE.version);
    const markers = Object.fromEntries(
      Object.entries(names.keys).map(([key, v]) => [`${key.replace(/^local:/, '')}$`, { v }]),
    );
    for (const [key, value] of Object.entries(fromRelease)) {
      if (key.endsWith('$')) expect(value, key).toEqual(markers[key]);
      else expect(Object.keys(names.keys), key).toContain(`local:${key}`);
    }
    expect(names.alarms).toEqual(
      expect.arrayContaining((await session().alarms()).map((alarm) => alarm.name)),
    );
  }, 90_000);

  it('2. updated in place: the accounts, settings, history and schedule are kept, nothing reads damaged, and the next sign-in uses the kept credentials', async () => {
    // The update asks for no permission the release did not have: Chrome would disable it until the user agreed.
    const manifest = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        permissions: string[];
        host_permissions: string[];
      };
    expect(manifest(RELEASE).permissions).toEqual(
      expect.arrayContaining(manifest(FAST_E2E_BUILD).permissions),
    );
    expect(manifest(RELEASE).host_permissions).toEqual(
      expect.arrayContaining(manifest(FAST_E2E_BUILD).host_permissions),
    );

    const updatedAt = await switchTo(FAST_E2E_BUILD);
    // The pages show the release's account, schedule and days of usage (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'));
    await expect(popup.sparkline('Kept').getAttribute('aria-label')).resolves.toMatch(
      messagePatterns('en')('sparklineLabel'),
    );
    await expectNothingDamaged(popup.page, current);
    await popup.page.screenshot({ path: 'artifacts/screenshots/update-popup-updated.png' });
    const options = new OptionsPage(await session().open('options', 'accounts'));
    await expect(options.accountEntries().filter({ hasText: 'Kept' }).count()).resolves.toBe(1);
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    await expect(
      options.page.getByLabel(current('settingSignInEvery'), { exact: true }).inputValue(),
    ).resolves.toBe(String(SCHEDULE.keepAliveHours));
    await expect(
      options.page.getByLabel(current('settingUsageUpdateEvery'), { exact: true }).inputValue(),
    ).resolves.toBe(String(SCHEDULE.refreshMinutes));

    // The current version runs (the release kept no activity log) and signs in with the kept credentials.
    expect(fromRelease.activity).toBeUndefined();
    await expect
      .poll(
        async () =>
          activityOf(await storage(), keptId).filter(
            (e) => e.check === 'sign-in' && e.outcome === 'ok',
          ).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(signInsSince(updatedAt, kept)[0]).toMatchObject({
      password: kept.password,
      apiKey: kept.apiKey,
    });

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    expect(pointsOf(updated, keptId)).toEqual(pointsOf(fromRelease, keptId));
    // Chromium clears an extension's alarms when it is updated (and when it is loaded from a folder at a start): the
    // current version sets them again, under the release's names, at the user's interval.
    expect(await periods()).toEqual(releaseAlarms);

    // The node back: the next reading adds a day to the kept history instead of starting it over.
    sim.setFault('node', undefined);
    await expect
      .poll(async () => pointsOf(await storage(), keptId).length, {
        timeout: 3 * SCALED_DAY_MS,
        interval: 500,
      })
      .toBeGreaterThan(pointsOf(fromRelease, keptId).length);
    expectDaysKept(pointsOf(await storage(), keptId), pointsOf(fromRelease, keptId));
  }, 60_000);

  it('3. the current version adds an account and changes a setting in its own Settings page', async () => {
    const options = new OptionsPage(await session().open('options', 'accounts'));
    await options.addAccount({
      label: 'Added',
      baseUrl: sim.apiUrl,
      userId: added.userId,
      password: added.password,
      apiKey: added.apiKey,
    });
    await options.setNumber(current('settingWarning'), WARNING);
    await options.saveSettings();
    addedId = accountsOf(await storage()).find((a) => a.label === 'Added')!.id;
    // Its sign-in and usage reading, logged; and the node down again, as before the update, so that what is read here is all.
    await expect
      .poll(
        async () => activityOf(await storage(), addedId).filter((e) => e.outcome === 'ok').length,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2);
    sim.setFault('node', 'server-error');
    await expect
      .poll(async () => failedReading(await storage(), addedId), { timeout: 20_000 })
      .toBeDefined();
    fromCurrent = await storage();
    expect(Object.keys(fromCurrent)).toEqual(expect.arrayContaining(['activity', 'recentHistory']));
  }, 60_000);

  it(`4. back to ${LAST_RELEASE.version} in place: it shows both accounts and the settings, nothing damaged, signs in with both, and leaves alone what it does not know`, async () => {
    await switchTo(RELEASE);
    // What the current version left, as the release found it (the release never writes the items it does not know).
    const left = await storage();
    const backAt = Date.now();
    await expect
      .poll(() => signInsSince(backAt, added).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(signInsSince(backAt, added)[0]).toMatchObject({
      password: added.password,
      apiKey: added.apiKey,
    });
    await expect
      .poll(() => signInsSince(backAt, kept).length, { timeout: 20_000 })
      .toBeGreaterThan(0);

    const popup = await session().open('popup');
    await popup.getByRole('article', { name: 'Added' }).waitFor();
    await popup.getByRole('article', { name: 'Kept' }).waitFor();
    await expectNothingDamaged(popup, released);
    await popup.screenshot({ path: 'artifacts/screenshots/update-popup-back.png' });
    const options = await session().open('options');
    await options.getByRole('button', { name: released('addAccount') }).waitFor();
    await expectNothingDamaged(options, released);
    await expect(options.getByLabel(released('settingWarning')).inputValue()).resolves.toBe(
      String(WARNING),
    );

    const back = await storage();
    expect(back.accounts).toEqual(fromCurrent.accounts);
    expect(back.settings).toEqual(fromCurrent.settings);
    // What the release does not know, left as it was through its sign-ins; no logged check lost.
    for (const key of ['activity', 'activity$', 'recentHistory', 'setupOpened'])
      expect(back[key], key).toEqual(left[key]);
    for (const id of [keptId, addedId])
      expect(activityOf(back, id).slice(0, activityOf(fromCurrent, id).length)).toEqual(
        activityOf(fromCurrent, id),
      );
    for (const key of Object.keys(fromCurrent).filter((k) => k.endsWith('$')))
      expect(back[key], key).toEqual(fromCurrent[key]);
    expect(pointsOf(back, keptId)).toEqual(pointsOf(fromCurrent, keptId));
    expect(await periods()).toEqual(releaseAlarms);

    // The node back: the release goes on with the history (the recent part, which it does not know, stays as it was).
    sim.setFault('node', undefined);
    const lastDay = async () => JSON.stringify(pointsOf(await storage(), keptId).at(-1));
    await expect
      .poll(lastDay, { timeout: 20_000 })
      .not.toBe(JSON.stringify(pointsOf(fromCurrent, keptId).at(-1)));
    fromReleaseAgain = await storage();
    expect(fromReleaseAgain.recentHistory).toEqual(left.recentHistory);
  }, 60_000);

  it('5. and the current version again: the activity log from before the step back is there, and the history goes on', async () => {
    const againAt = await switchTo(FAST_E2E_BUILD);
    // A reading of each account since.
    const readSince = async (id: string) =>
      ((await storage()) as { snapshots: Record<string, { refresh: { lastSuccessAt?: number } }> })
        .snapshots[id]?.refresh.lastSuccessAt ?? 0;
    await expect
      .poll(async () => Math.min(await readSince(keptId), await readSince(addedId)), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(againAt);
    const again = await storage();
    for (const id of [keptId, addedId]) {
      const before = activityOf(fromCurrent, id);
      expect(activityOf(again, id).slice(0, before.length), id).toEqual(before);
      expectDaysKept(pointsOf(again, id), pointsOf(fromReleaseAgain, id));
    }
    const options = new OptionsPage(await session().open('options', 'activity'));
    await options.activityLog('Added').waitFor();
    await expectNothingDamaged(options.page, current);
  }, 60_000);
});
