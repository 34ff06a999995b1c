import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/store/settings';
import { ACCOUNT_DEFAULTS } from '../../lib/store/accounts';
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
  SettingsPage,
  Popup,
} from '../../testbed/browsers/chromium-pages';
import {
  buildMessages,
  keptReleases,
  releaseBuild,
  releasesForBrowsers,
  releaseNames,
} from '../../testbed/kept-releases';
import { storedPaths } from './stored-paths';

// An update from each kept release (test/fixtures/releases/) keeps everything, and a step back
// to the previous release loses nothing. In real Chromium, on one profile and one unpacked folder
// (the extension's id comes from its path): the release's own build used as its users used it,
// in its own words, every value they can set away from its default; then the current build's
// files in the same folder, loaded again as the browser updates an installed extension, and the
// browser restarted; for the previous release (the newest kept), its files come back the same
// way, and then the current ones again. Both builds live days of 10 s (WXT_TIME_SCALE 8640).

// The oldest and the newest kept release; every one is updated from on the fake browser
// (test/unit/scenarios/update-from-kept-releases.test.ts).
const RELEASES = releasesForBrowsers();
const PREVIOUS = keptReleases().at(-1)!;
const current = messages('en');
const SCALED_DAY_MS = 10_000;
/**
 * The user's settings, each changed in the release's Settings page from its default: sign in every
 * 12 h (5 s), usage every 6 h (2.5 s), thresholds and notices.
 */
const SETTINGS: Settings = {
  keepAliveHours: 12,
  refreshMinutes: 360,
  warningPercent: 70,
  criticalPercent: 85,
  notifyUsage: false,
  notifyKeepAlive: false,
  notifyForecast: false,
};
/** Changed again in the current version's Settings page, before the step back. */
const WARNING = 75;
/** What each version's pages say of stored data they cannot read or may not change. */
const DAMAGE_WORDS = [
  'damagedAccount',
  'storageAccountsNewer',
  'storageSettingsNewer',
  'storageAccountsNotAList',
];

type Stored = Record<string, unknown>;
const pointsOf = (stored: Stored, id: string) =>
  unpackPoints(
    (stored.history as Record<string, { points: string }> | undefined)?.[id]?.points ?? '',
  );
const activityOf = (stored: Stored, id: string) =>
  unpackActivity(
    (stored.activity as Record<string, { entries: string }> | undefined)?.[id]?.entries ?? '',
  );
const accountsOf = (stored: Stored) => stored.accounts as { id: string; label: string }[];
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

/**
 * Shows a version's Settings section where its page has sections (0.2.0 on); a page without them
 * (0.1.0) shows everything at once.
 */
async function showSettings(page: Page, t: (key: string) => string) {
  const link = page
    .getByRole('navigation')
    .getByRole('link', { name: t('settingsHeading'), exact: true });
  if ((await link.count()) > 0) await link.click();
}

/**
 * The script the extension's service worker runs now, as Chromium compiled it: read over CDP
 * (the worker's Debugger.getScriptSource), not from the folder, whose files may be newer than
 * what runs.
 */
async function runningWorkerScript(session: ExtensionSession): Promise<string> {
  await session.storage(); // the worker running
  const cdp = await session.context.browser()!.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find(
      (t) =>
        t.type === 'service_worker' &&
        t.url.startsWith(`chrome-extension://${session.extensionId}/`),
    );
    if (!target) throw new Error('the extension has no running service worker');
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    const answers = new Map<number, (result: Record<string, unknown>) => void>();
    const scripts: { scriptId: string; url: string }[] = [];
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as {
        id?: number;
        method?: string;
        params?: { scriptId: string; url: string };
        result?: Record<string, unknown>;
      };
      if (message.id !== undefined) answers.get(message.id)?.(message.result ?? {});
      else if (message.method === 'Debugger.scriptParsed') scripts.push(message.params!);
    });
    let id = 0;
    const send = (method: string, params: object = {}) =>
      new Promise<Record<string, unknown>>((resolve) => {
        answers.set(++id, resolve);
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        });
      });
    await send('Debugger.enable');
    const script = scripts.find((s) => s.url.endsWith('/background.js'));
    if (!script) throw new Error('the worker has parsed no background.js');
    const { scriptSource } = await send('Debugger.getScriptSource', { scriptId: script.scriptId });
    await send('Debugger.disable');
    await cdp.send('Target.detachFromTarget', { sessionId });
    return scriptSource as string;
  } finally {
    await cdp.detach();
  }
}
const workerOf = (build: string) => readFileSync(join(build, 'background.js'), 'utf8');

describe.each(RELEASES)('an update from %s in Chromium', (version) => {
  const RELEASE = releaseBuild(version, 'chromium');
  const released = buildMessages(RELEASE);
  /** Which build's worker script runs now: the release's, the current one's, or neither. */
  const runningWorker = async () => {
    const script = await runningWorkerScript(session());
    if (script === workerOf(RELEASE)) return version;
    return script === workerOf(FAST_E2E_BUILD) ? 'current' : 'neither';
  };
  let sim: Simulator;
  let browser: ExtensionSession | undefined;
  const home = mkdtempSync(join(tmpdir(), `sk-update-${version}-`));
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
  const storage = () => session().storage() as Promise<Stored>;
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
        r.path.split(';')[0] === USER_PATH &&
        r.status === 200 &&
        r.atMs >= at &&
        r.userId === userId,
    );

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

  it(`1. ${version}, as its users have it: an account added and every setting changed in its own Settings page, in its own words; days of usage and sign-ins`, async () => {
    expect(JSON.parse(readFileSync(join(RELEASE, 'manifest.json'), 'utf8')).version).toBe(version);
    await restart();
    expect(await runningWorker()).toBe(version);
    const options = new SettingsPage(await session().open('options'), 'en', released);
    await options.openNewAccount();
    await options.fillAccount({
      label: 'Kept',
      baseUrl: sim.apiUrl,
      userId: kept.userId,
      password: kept.password,
      apiKey: kept.apiKey,
    });
    await options.page.getByRole('radio', { name: released('keyFormMatrix') }).check();
    await options.page.getByLabel(released('fieldAccountNotifications')).uncheck();
    await options.page.getByRole('button', { name: released('save'), exact: true }).click();
    await options.page.getByRole('button', { name: released('addAccount') }).waitFor();
    await showSettings(options.page, released);
    const numbers = {
      keepAliveHours: 'settingSignInEvery',
      refreshMinutes: 'settingUsageUpdateEvery',
      warningPercent: 'settingWarning',
      criticalPercent: 'settingCritical',
    } as const;
    for (const [setting, key] of Object.entries(numbers))
      await options.page
        .getByLabel(released(key), { exact: true })
        .fill(String(SETTINGS[setting as keyof typeof numbers]));
    for (const key of ['settingNotifyUsage', 'settingNotifySignIn', 'settingNotifyForecast'])
      await options.page.getByLabel(released(key), { exact: true }).uncheck();
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
    // Every value the user can set, away from its default: an update that lost one would show.
    expect(fromRelease.settings).toEqual(SETTINGS);
    for (const [key, value] of Object.entries(SETTINGS))
      expect(value, key).not.toBe(DEFAULT_SETTINGS[key as keyof Settings]);
    expect(accountsOf(fromRelease)[0]).toMatchObject({
      label: 'Kept',
      keyForm: 'matrix',
      notifications: false,
    });
    expect(ACCOUNT_DEFAULTS).toMatchObject({ keyForm: 'header', notifications: true });
    expect(signInsSince(0, kept).at(-1)?.keyVia).toBe('matrix');
    expect(Object.keys(releaseAlarms).sort()).toEqual(['keep-alive', 'refresh']);

    // The release stores and sets only the names and fields recorded for it (test/unit/structure/stored-names.test.ts holds the code to them).
    const names = releaseNames(version);
    const markers = Object.fromEntries(
      Object.entries(names.keys).map(([key, v]) => [`${key.replace(/^local:/, '')}$`, { v }]),
    );
    for (const [key, value] of Object.entries(fromRelease)) {
      if (key.endsWith('$')) expect(value, key).toEqual(markers[key]);
      else {
        expect(Object.keys(names.keys), key).toContain(`local:${key}`);
        const recorded = names.fields[`local:${key}`]!;
        expect(recorded, key).toEqual(expect.arrayContaining(storedPaths(value, recorded)));
      }
    }
    expect(names.alarms).toEqual(
      expect.arrayContaining((await session().alarms()).map((alarm) => alarm.name)),
    );
  }, 90_000);

  it('2. updated in place: the new worker runs; the accounts, settings, history and schedule are kept, nothing reads damaged, and the next sign-in uses the kept credentials', async () => {
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
    // The worker that runs is the current build's (Chromium keeps an old one if the folder is not loaded again).
    expect(workerOf(FAST_E2E_BUILD)).not.toBe(workerOf(RELEASE));
    expect(await runningWorker()).toBe('current');
    // The pages show the release's account, settings and days of usage (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'));
    await expect(popup.sparkline('Kept').getAttribute('aria-label')).resolves.toMatch(
      messagePatterns('en')('sparklineLabel'),
    );
    await expectNothingDamaged(popup.page, current);
    await popup.page.screenshot({
      path: `artifacts/screenshots/update-${version}-popup-updated.png`,
    });
    const options = new SettingsPage(await session().open('options', 'accounts'));
    await expect(options.accountEntries().filter({ hasText: 'Kept' }).count()).resolves.toBe(1);
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    const shown = async (key: string) =>
      options.page.getByLabel(current(key), { exact: true }).inputValue();
    await expect(shown('settingSignInEvery')).resolves.toBe(String(SETTINGS.keepAliveHours));
    await expect(shown('settingUsageUpdateEvery')).resolves.toBe(String(SETTINGS.refreshMinutes));
    await expect(shown('settingWarning')).resolves.toBe(String(SETTINGS.warningPercent));
    await expect(shown('settingCritical')).resolves.toBe(String(SETTINGS.criticalPercent));
    for (const key of ['settingNotifyUsage', 'settingNotifySignIn', 'settingNotifyForecast'])
      await expect(
        options.page.getByLabel(current(key), { exact: true }).isChecked(),
        key,
      ).resolves.toBe(false);

    // The current version signs in with the kept credentials, in the kept form, and logs it.
    const signedInAndLogged = async () => {
      const request = signInsSince(updatedAt, kept)[0];
      return (
        request !== undefined &&
        activityOf(await storage(), keptId).some(
          (e) => e.check === 'sign-in' && e.outcome === 'ok' && e.at >= request.atMs,
        )
      );
    };
    await expect.poll(signedInAndLogged, { timeout: 20_000 }).toBe(true);
    expect(signInsSince(updatedAt, kept)[0]).toMatchObject({
      password: kept.password,
      apiKey: kept.apiKey,
      keyVia: 'matrix',
    });

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    expect(pointsOf(updated, keptId)).toEqual(pointsOf(fromRelease, keptId));
    // What the release logged, still there.
    const logged = activityOf(fromRelease, keptId);
    expect(activityOf(updated, keptId).slice(0, logged.length)).toEqual(logged);
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

  // The step back: to the previous release only (a user who takes a version back gets the one before).
  if (version === PREVIOUS) {
    it('3. the current version adds an account and changes a setting in its own Settings page', async () => {
      const options = new SettingsPage(await session().open('options', 'accounts'));
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
      expect(Object.keys(fromCurrent)).toEqual(
        expect.arrayContaining(['activity', 'recentHistory']),
      );
    }, 60_000);

    it(`4. back to ${version} in place: its worker runs, it shows both accounts and the settings, nothing damaged, signs in with both, and loses nothing of what the current version wrote`, async () => {
      await switchTo(RELEASE);
      expect(await runningWorker()).toBe(version);
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
      await popup.screenshot({ path: `artifacts/screenshots/update-${version}-popup-back.png` });
      const options = await session().open('options');
      await options.getByRole('button', { name: released('addAccount') }).waitFor();
      await expectNothingDamaged(options, released);
      await showSettings(options, released);
      await expect(
        options.getByLabel(released('settingWarning'), { exact: true }).inputValue(),
      ).resolves.toBe(String(WARNING));

      const back = await storage();
      expect(back.accounts).toEqual(fromCurrent.accounts);
      expect(back.settings).toEqual(fromCurrent.settings);
      // What the release does not know, left as it was; what it knows, gone on from where the current version left it.
      const known = Object.keys(releaseNames(version).keys).map((key) => key.replace(/^\w+:/, ''));
      for (const key of Object.keys(left).filter((k) => !known.includes(k.replace(/\$$/, ''))))
        expect(back[key], key).toEqual(left[key]);
      for (const id of [keptId, addedId])
        expect(activityOf(back, id).slice(0, activityOf(fromCurrent, id).length)).toEqual(
          activityOf(fromCurrent, id),
        );
      for (const key of Object.keys(fromCurrent).filter((k) => k.endsWith('$')))
        expect(back[key], key).toEqual(fromCurrent[key]);
      expect(pointsOf(back, keptId)).toEqual(pointsOf(fromCurrent, keptId));
      expect(await periods()).toEqual(releaseAlarms);

      // The node back: the release goes on with the history.
      sim.setFault('node', undefined);
      const lastDay = async () => JSON.stringify(pointsOf(await storage(), keptId).at(-1));
      await expect
        .poll(lastDay, { timeout: 20_000 })
        .not.toBe(JSON.stringify(pointsOf(fromCurrent, keptId).at(-1)));
      fromReleaseAgain = await storage();
    }, 60_000);

    it('5. and the current version again: its worker runs, the activity log from before the step back is there, and the history goes on', async () => {
      const againAt = await switchTo(FAST_E2E_BUILD);
      expect(await runningWorker()).toBe('current');
      // A reading of each account since.
      const readSince = async (id: string) =>
        (
          (await storage()) as {
            snapshots: Record<string, { refresh: { lastSuccessAt?: number } }>;
          }
        ).snapshots[id]?.refresh.lastSuccessAt ?? 0;
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
      const options = new SettingsPage(await session().open('options', 'activity'));
      await options.activityLog('Added').waitFor();
      await expectNothingDamaged(options.page, current);
    }, 60_000);
  }
});
