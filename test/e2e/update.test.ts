import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackPoints } from '../../lib/store/history';
import { unpackActivity } from '../../lib/store/activity';
import { DEFAULT_SETTINGS, storedSettings, type StoredSettings } from '../../lib/store/settings';
import { ACCOUNT_DEFAULTS } from '../../lib/store/accounts';
import { GIB as GB } from '../../lib/basics/bytes';
import { ALARM, NOTICE_ID_PREFIX } from '../../lib/store/stored-names';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type SimAccount,
  type Simulator,
} from '../../testbed/simulator/simulator';
import {
  RELEASE_ACCOUNTS,
  RELEASE_SETTINGS,
  releaseUsers,
  showReleaseSettings,
  useRelease,
} from '../../testbed/release-use';
import { NotificationLog } from './notification-log';
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

// An update from the oldest and the newest kept release (test/fixtures/releases/) keeps
// everything, and a step back to the previous release loses nothing. In real Chromium, on one
// profile and one unpacked folder (the extension's id comes from its path): the release's own
// build used as its users used it, in its own words (the oldest in Japanese), through its pages
// (testbed/release-use.ts: an account per key form, notifications on, a usage notice shown, the
// node down with a retry pending); then the current build's files in the same folder, loaded
// again as the browser updates an installed extension, and the browser restarted; for the
// previous release (the newest kept), its files come back the same way, and then the current
// ones again. Both builds live days of 10 s (WXT_TIME_SCALE 8640). Every kept release is
// updated from on the fake browser (test/unit/scenarios/update-from-kept-releases.test.ts).

// The oldest and the newest kept release; every one is updated from on the fake browser
// (test/unit/scenarios/update-from-kept-releases.test.ts).
const RELEASES = releasesForBrowsers();
const PREVIOUS = keptReleases().at(-1)!;
/** The oldest kept release is used in Japanese, the others in English. */
const localeOf = (version: string) => (version === keptReleases()[0] ? 'ja' : 'en');
const SCALED_DAY_MS = 10_000;
/** The user's settings, changed in the release's Settings page from their defaults (testbed/release-use.ts). */
const SETTINGS: StoredSettings = RELEASE_SETTINGS;
/** Changed again in the current version's Settings page, before the step back. */
const WARNING = 75;
/** And the sign-in's interval: a setting stored under another name than the product's. */
const SIGN_IN_HOURS = 6;
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
const accountsOf = (stored: Stored) =>
  stored.accounts as { id: string; label: string; userId: string; keyForm: string }[];
interface Snapshot {
  alerts: unknown;
  capacity?: unknown;
  keepAlive: { lastSuccessAt?: number };
  refresh: { failure?: unknown; retryAt?: number; lastSuccessAt?: number };
}
const snapshotsOf = (stored: Stored) => (stored.snapshots ?? {}) as Record<string, Snapshot>;
const failedReading = (stored: Stored, id: string) => snapshotsOf(stored)[id]?.refresh.failure;
const recentPointsOf = (stored: Stored, id: string) =>
  unpackPoints(
    (stored.recentHistory as Record<string, { points: string }> | undefined)?.[id]?.points ?? '',
  );

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
  const locale = localeOf(version);
  const released = buildMessages(RELEASE, locale);
  const current = messages(locale);
  /**
   * Which builds' worker script runs now: the release's, the current one's, or neither (both,
   * right after a release is cut: its background is then the current one, byte for byte).
   */
  const runningWorker = async () => {
    const script = await runningWorkerScript(session());
    return [
      ...(script === workerOf(RELEASE) ? [version] : []),
      ...(script === workerOf(FAST_E2E_BUILD) ? ['current'] : []),
    ];
  };
  let sim: Simulator;
  let browser: ExtensionSession | undefined;
  const home = mkdtempSync(join(tmpdir(), `sk-update-${version}-`));
  /** The unpacked folder the browser loads, whichever version's files it holds. */
  const extensionDir = join(home, 'storage-keeper');
  const profileDir = join(home, 'profile');
  /** The release's users (testbed/release-use.ts): an account sending its key in a header, one in the address. */
  const [kept, inAddress, ...others] = releaseUsers();
  const added = demoAccount({
    userId: 'added-user',
    password: 'added-password',
    apiKey: 'added-key',
    bonus: undefined,
  });
  let growth: NodeJS.Timeout;
  const notices = new NotificationLog();

  const session = () => browser!;
  const storage = () => session().storage() as Promise<Stored>;
  const restart = async () => {
    notices.stop();
    await browser?.close({ keepProfile: true });
    browser = await launchExtension({ extensionDir, profileDir, locale, updatable: true });
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
    sim = await startSimulator({ accounts: [kept!, inAddress!, ...others, added] });
    // Half a GB a day, a little at a time: each day's reading differs.
    growth = setInterval(() => (kept!.used += Math.round(GB / 40)), SCALED_DAY_MS / 20);
    cpSync(RELEASE, extensionDir, { recursive: true });
  });
  afterAll(async () => {
    clearInterval(growth);
    notices.stop();
    await browser?.close();
    await sim?.close();
    rmSync(home, { recursive: true, force: true });
  });

  /** What each step left, for the next to compare. */
  let fromRelease: Stored;
  let releaseAlarms: Record<string, number | undefined>;
  let releaseNotices: string[];
  let fromCurrent: Stored;
  let fromReleaseAgain: Stored;
  let keptId: string;
  let addedId: string;
  let releaseIds: string[];

  it(`1. ${version}, as its users have it, in its own words (${locale}): an account per key form added and settings changed in its own Settings page, notifications on; days of usage and sign-ins, a usage notice, the node down with a retry pending`, async () => {
    expect(JSON.parse(readFileSync(join(RELEASE, 'manifest.json'), 'utf8')).version).toBe(version);
    await restart();
    expect(await runningWorker()).toContain(version);
    const used = await useRelease(session(), sim, version, locale, 'chromium');
    fromRelease = used.storage;
    releaseNotices = used.notifications;
    releaseAlarms = Object.fromEntries(
      used.alarms.filter((a) => a.periodInMinutes).map((a) => [a.name, a.periodInMinutes]),
    );
    keptId = accountsOf(fromRelease).find((a) => a.userId === kept!.userId)!.id;
    releaseIds = accountsOf(fromRelease).map((a) => a.id);

    // The settings changed from their defaults, and the accounts as added: both key forms, notices on.
    expect(fromRelease.settings).toEqual(SETTINGS);
    for (const key of ['keepAliveHours', 'refreshMinutes', 'warningPercent', 'criticalPercent'])
      expect(SETTINGS[key as keyof StoredSettings], key).not.toBe(
        storedSettings(DEFAULT_SETTINGS)[key as keyof StoredSettings],
      );
    expect(accountsOf(fromRelease).map(({ label, keyForm }) => ({ label, keyForm }))).toEqual(
      [kept!, inAddress!].map((user) => {
        const { label, keyForm } = RELEASE_ACCOUNTS[user.userId as keyof typeof RELEASE_ACCOUNTS];
        return { label, keyForm };
      }),
    );
    expect(ACCOUNT_DEFAULTS).toMatchObject({ keyForm: 'header', notifications: true });
    expect(signInsSince(0, inAddress!).at(-1)?.keyVia).toBe('matrix');
    expect(signInsSince(0, kept!).at(-1)?.keyVia).toBe('header');
    expect(pointsOf(fromRelease, keptId).length).toBeGreaterThanOrEqual(3);
    // What an update can lose is there to lose: a usage notice shown and told in the alerts, a retry pending.
    expect(releaseNotices).toContain(`${NOTICE_ID_PREFIX.usage}:${keptId}`);
    expect(snapshotsOf(fromRelease)[keptId]!.alerts).toMatchObject({ usage: 'critical' });
    expect(used.alarms.map((alarm) => alarm.name).sort()).toEqual([
      'keep-alive',
      'refresh',
      'retry',
    ]);

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
    expect(names.alarms).toEqual(expect.arrayContaining(used.alarms.map((alarm) => alarm.name)));
  }, 120_000);

  it('2. updated in place: the new worker runs; the accounts, settings, snapshots with their alerts, history, recent days, activity, setup mark and every alarm are kept, no notice is shown again, and the next sign-ins use the kept credentials in each kept form', async () => {
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
    // The user has closed the release's notices: any shown from here on is shown again.
    await session()
      .currentWorker()
      .evaluate(async () => {
        for (const id of Object.keys(await chrome.notifications.getAll()))
          await chrome.notifications.clear(id);
      });

    const updatedAt = await switchTo(FAST_E2E_BUILD);
    notices.start(session());
    // The worker that runs is the current build's (Chromium keeps an old one if the folder is not
    // loaded again). From the newest kept release right after its cut the two are the same bytes:
    // the update from the oldest, always another build, is the one that tells them apart.
    expect(await runningWorker()).toContain('current');
    // The current version signs in with the kept credentials, in each kept form, and logs it.
    const signedInAndLogged = async (user: SimAccount, id: string) => {
      const request = signInsSince(updatedAt, user)[0];
      return (
        request !== undefined &&
        activityOf(await storage(), id).some(
          (e) => e.check === 'sign-in' && e.outcome === 'ok' && e.at >= request.atMs,
        )
      );
    };
    for (const user of [kept!, inAddress!]) {
      const { id, keyForm } = accountsOf(fromRelease).find((a) => a.userId === user.userId)!;
      await expect.poll(() => signedInAndLogged(user, id), { timeout: 20_000 }).toBe(true);
      expect(signInsSince(updatedAt, user)[0]).toMatchObject({
        password: user.password,
        apiKey: user.apiKey,
        keyVia: keyForm,
      });
    }
    // Chromium clears an extension's alarms when it is updated: the current version sets them
    // again, under the release's names at the user's intervals, and the retry (the node still
    // down) once its first run has ended, after it decided its notices.
    await expect
      .poll(async () => (await session().alarms()).map((alarm) => alarm.name).sort(), {
        timeout: 20_000,
      })
      .toEqual([ALARM.signIn, ALARM.usageUpdate, ALARM.retry].sort());
    expect(await periods()).toEqual(releaseAlarms);

    // The pages show the release's accounts, settings and days of usage (the node still down: nothing read since).
    const popup = new Popup(await session().open('popup'), locale);
    await expect(popup.sparkline('Header').getAttribute('aria-label')).resolves.toMatch(
      messagePatterns(locale)('sparklineLabel'),
    );
    await expectNothingDamaged(popup.page, current);
    await popup.page.screenshot({
      path: `artifacts/screenshots/update-${version}-popup-updated.png`,
    });
    const options = new SettingsPage(await session().open('options', 'accounts'), locale);
    for (const label of ['Header', 'Matrix'])
      await expect(options.accountEntries().filter({ hasText: label }).count()).resolves.toBe(1);
    await expectNothingDamaged(options.page, current);
    await options.showSection('settingsHeading');
    const shown = async (key: string) =>
      options.page.getByLabel(current(key), { exact: true }).inputValue();
    await expect(shown('settingSignInEvery')).resolves.toBe(String(SETTINGS.keepAliveHours));
    await expect(shown('settingUsageUpdateEvery')).resolves.toBe(String(SETTINGS.refreshMinutes));
    await expect(shown('settingWarning')).resolves.toBe(String(SETTINGS.warningPercent));
    await expect(shown('settingCritical')).resolves.toBe(String(SETTINGS.criticalPercent));
    const notify = (key: string) =>
      options.page.getByLabel(current(key), { exact: true }).isChecked();
    await expect(notify('settingNotifyUsage')).resolves.toBe(true);
    await expect(notify('settingNotifySignIn')).resolves.toBe(true);
    await expect(notify('settingNotifyForecast')).resolves.toBe(false);

    const updated = await storage();
    expect(updated.accounts).toEqual(fromRelease.accounts);
    expect(updated.settings).toEqual(fromRelease.settings);
    // The setup mark, where the release kept one (0.2.0 on). Without it, this harness's restart
    // (the folder loaded from the command line) reports an install, and the setup page opens:
    // a store's update reports an update, which the fake-browser test shows opens nothing.
    if (fromRelease.setupOpened !== undefined)
      expect(updated.setupOpened).toEqual(fromRelease.setupOpened);
    for (const id of releaseIds) {
      const [was, is] = [snapshotsOf(fromRelease)[id]!, snapshotsOf(updated)[id]!];
      expect(is.alerts, id).toEqual(was.alerts);
      expect(is.capacity, id).toEqual(was.capacity);
      expect(is.refresh.lastSuccessAt, id).toBe(was.refresh.lastSuccessAt);
      expect(is.refresh.retryAt, id).toBeDefined();
      expect(pointsOf(updated, id), id).toEqual(pointsOf(fromRelease, id));
      if (fromRelease.recentHistory !== undefined)
        expect(recentPointsOf(updated, id), id).toEqual(recentPointsOf(fromRelease, id));
      // What the release logged, still there.
      const logged = activityOf(fromRelease, id);
      expect(activityOf(updated, id).slice(0, logged.length), id).toEqual(logged);
    }
    // No notice shown again: the usage the release told of is as high, and its alerts are kept.
    expect(notices.seen.map((notice) => notice.id)).toEqual([]);

    // The node back: the next reading adds a day to the kept history instead of starting it over.
    sim.setFault('node', undefined);
    await expect
      .poll(async () => pointsOf(await storage(), keptId).length, {
        timeout: 3 * SCALED_DAY_MS,
        interval: 500,
      })
      .toBeGreaterThan(pointsOf(fromRelease, keptId).length);
    expectDaysKept(pointsOf(await storage(), keptId), pointsOf(fromRelease, keptId));
    // Its retry done, none pending.
    await expect
      .poll(async () => (await session().alarms()).map((alarm) => alarm.name), { timeout: 20_000 })
      .not.toContain(ALARM.retry);
    expect(notices.seen.map((notice) => notice.id)).toEqual([]);
    notices.stop();
  }, 90_000);

  // The step back: to the previous release only (a user who takes a version back gets the one before).
  if (version === PREVIOUS) {
    it('3. the current version adds an account and changes a setting in its own Settings page', async () => {
      const options = new SettingsPage(await session().open('options', 'accounts'), locale);
      await options.addAccount({
        label: 'Added',
        baseUrl: sim.apiUrl,
        userId: added.userId,
        password: added.password,
        apiKey: added.apiKey,
      });
      await options.setNumber(current('settingWarning'), WARNING);
      await options.setNumber(current('settingSignInEvery'), SIGN_IN_HOURS);
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
      // Stored under the names every release reads, nothing under the product's own.
      expect(fromCurrent.settings).toEqual({
        ...SETTINGS,
        warningPercent: WARNING,
        keepAliveHours: SIGN_IN_HOURS,
      });
      expect(Object.keys(fromCurrent)).toEqual(
        expect.arrayContaining(['activity', 'recentHistory']),
      );
    }, 60_000);

    it(`4. back to ${version} in place: its worker runs, it shows both accounts and the settings, nothing damaged, signs in with both, and loses nothing of what the current version wrote`, async () => {
      await switchTo(RELEASE);
      expect(await runningWorker()).toContain(version);
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
        .poll(() => signInsSince(backAt, kept!).length, { timeout: 20_000 })
        .toBeGreaterThan(0);

      const popup = await session().open('popup');
      await popup.getByRole('article', { name: 'Added' }).waitFor();
      await popup.getByRole('article', { name: 'Header' }).waitFor();
      await expectNothingDamaged(popup, released);
      await popup.screenshot({ path: `artifacts/screenshots/update-${version}-popup-back.png` });
      const options = await session().open('options');
      await options.getByRole('button', { name: released('addAccount') }).waitFor();
      await expectNothingDamaged(options, released);
      await showReleaseSettings(options, released);
      await expect(
        options.getByLabel(released('settingWarning'), { exact: true }).inputValue(),
      ).resolves.toBe(String(WARNING));
      await expect(
        options.getByLabel(released('settingSignInEvery'), { exact: true }).inputValue(),
      ).resolves.toBe(String(SIGN_IN_HOURS));

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
      // The release signs in at the interval the current version stored under the name it reads.
      expect(await periods()).toEqual({
        ...releaseAlarms,
        'keep-alive': (releaseAlarms['keep-alive']! * SIGN_IN_HOURS) / SETTINGS.keepAliveHours,
      });

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
      expect(await runningWorker()).toContain('current');
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
      const options = new SettingsPage(await session().open('options', 'activity'), locale);
      await options.activityLog('Added').waitFor();
      await expectNothingDamaged(options.page, current);
    }, 60_000);
  }
});
