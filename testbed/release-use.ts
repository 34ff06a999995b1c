import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { GIB } from '../lib/basics/bytes';
import { unpackPoints } from '../lib/store/history';
import { launchExtension, type ExtensionSession } from './browsers/chromium';
import { SettingsPage } from './browsers/chromium-pages';
import {
  demoAccount,
  startSimulator,
  type SimAccount,
  type Simulator,
} from './simulator/simulator';
import { E2E_APP_KEY } from './browsers/chromium';
import { buildMessages, RELEASE_BUILDS, releaseBuild, type ReleaseUse } from './kept-releases';

// A kept release used in real Chromium as its users use it, in its own words (its _locales):
// accounts added in its own Settings page, one sending its key in a header and one in the
// address, and (in a build with the application key, from the release that offers it) one on
// that key, notifications on; its settings changed; days of sign-ins and usage until one account
// is over its thresholds and its notice is shown; then the storage node down, so a retry is
// pending (and for the recording, the service down for more than a day before, so each account's
// sign-in failing notice is shown too). What it then stored, its alarms and its notifications are what an update
// starts from: scripts/releases.ts records them as the release's stored data (stored-data.json),
// which the fake-browser update test starts the current background on, and the Chromium update
// test makes them again from the oldest and the newest kept release.

/** The users of the simulated service the release's accounts sign in to. */
export const releaseUsers = (): SimAccount[] => [
  // 92 % used: over both thresholds below, so its usage notice is shown.
  demoAccount({
    userId: 'header-user',
    password: 'header-pässword',
    apiKey: 'header-key',
    quota: 100 * GIB,
    used: 92 * GIB,
    bonus: undefined,
  }),
  demoAccount({
    userId: 'matrix-user',
    password: 'matrix-password',
    apiKey: 'matrix-key',
    quota: 100 * GIB,
    used: 40 * GIB,
    bonus: undefined,
  }),
  // Signs in with the build's application key.
  demoAccount({
    userId: 'app-user',
    password: 'app-password',
    apiKey: E2E_APP_KEY,
    quota: 100 * GIB,
    used: 20 * GIB,
    bonus: undefined,
  }),
];

/** The accounts as the user names them, by user: each sends its key in its own form. */
export const RELEASE_ACCOUNTS = {
  'header-user': { label: 'Header', keyForm: 'header', appKey: false },
  'matrix-user': { label: 'Matrix', keyForm: 'matrix', appKey: false },
  'app-user': { label: 'App', keyForm: 'header', appKey: true },
} as const;

/**
 * The settings changed in the release's page: sign in every 12 h, usage every 6 h (in a build
 * of 10 s days: 5 s and 2.5 s), both thresholds lower; notices stay on but the forecast's.
 */
export const RELEASE_SETTINGS = {
  keepAliveHours: 12,
  refreshMinutes: 360,
  warningPercent: 70,
  criticalPercent: 85,
  notifyUsage: true,
  notifyKeepAlive: true,
  notifyForecast: false,
};

type Stored = Record<string, unknown>;
const accountsOf = (stored: Stored) =>
  (stored.accounts ?? []) as { id: string; label: string; userId: string }[];
const snapshotOf = (stored: Stored, id: string) =>
  (stored.snapshots as Record<string, SnapshotPart> | undefined)?.[id];
interface SnapshotPart {
  refresh: { failure?: unknown; retryAt?: number };
  alerts?: { usage?: string; keepAliveNotices?: number };
}

/**
 * Shows a version's Settings section where its page has sections (0.2.0 on); a page without them
 * (0.1.0) shows everything at once.
 */
export async function showReleaseSettings(page: Page, t: (key: string) => string) {
  const link = page
    .getByRole('navigation')
    .getByRole('link', { name: t('settingsHeading'), exact: true });
  if ((await link.count()) > 0) await link.click();
}

/**
 * Uses the release running in `session` through its own pages, against `sim` (whose users
 * include releaseUsers()), and returns what it stored, its alarms and the notifications it shows, at a
 * moment when the node is down and a retry is pending. Each wait is for the stored state.
 */
export async function useRelease(
  session: ExtensionSession,
  sim: Simulator,
  version: string,
  locale: 'en' | 'ja',
  build: keyof typeof RELEASE_BUILDS,
  { signInFailing = false } = {},
): Promise<ReleaseUse> {
  const words = buildMessages(releaseBuild(version, build), locale);
  const offersAppKey = RELEASE_BUILDS[build].appKey && hasWord(words, 'keySourceApp');
  const options = new SettingsPage(await session.open('options'), locale, words);
  const { page } = options;
  // The release's users (releaseUsers), the one on the application key only where it is offered.
  const users = sim.accounts.filter((user) => {
    const account = RELEASE_ACCOUNTS[user.userId as keyof typeof RELEASE_ACCOUNTS];
    return account !== undefined && (offersAppKey || !account.appKey);
  });
  for (const user of users) {
    const { label, keyForm, appKey } =
      RELEASE_ACCOUNTS[user.userId as keyof typeof RELEASE_ACCOUNTS];
    await options.openNewAccount();
    if (offersAppKey)
      await page
        .getByRole('radio', { name: words(appKey ? 'keySourceApp' : 'keySourceOwn') })
        .check();
    if (appKey) {
      await page.getByLabel(words('fieldLabel'), { exact: true }).fill(label);
      await page.getByLabel(words('fieldServer'), { exact: true }).selectOption('custom');
      await page.getByLabel(words('fieldCustomServer'), { exact: true }).fill(sim.apiUrl);
      await page.getByLabel(words('fieldUserId'), { exact: true }).fill(user.userId);
      await page.getByLabel(words('fieldPassword'), { exact: true }).fill(user.password);
    } else
      await options.fillAccount({
        label,
        baseUrl: sim.apiUrl,
        userId: user.userId,
        password: user.password,
        apiKey: user.apiKey,
      });
    const formKey = keyForm === 'matrix' ? 'keyFormMatrix' : 'keyFormHeader';
    await page.getByRole('radio', { name: words(formKey) }).check();
    await page.getByRole('button', { name: words('save'), exact: true }).click();
    await page.getByRole('button', { name: words('addAccount') }).waitFor();
  }
  await showReleaseSettings(options.page, words);
  const numbers = {
    keepAliveHours: 'settingSignInEvery',
    refreshMinutes: 'settingUsageUpdateEvery',
    warningPercent: 'settingWarning',
    criticalPercent: 'settingCritical',
  } as const;
  for (const [setting, key] of Object.entries(numbers))
    await options.page
      .getByLabel(words(key), { exact: true })
      .fill(String(RELEASE_SETTINGS[setting as keyof typeof numbers]));
  await options.page.getByLabel(words('settingNotifyForecast'), { exact: true }).uncheck();
  await options.page.getByRole('button', { name: words('saveSettings') }).click();
  await options.page.getByText(words('saved'), { exact: true }).waitFor();
  await options.page.close();

  const storage = () => session.storage();
  // A notification leaves the screen by itself after seconds (headless Chromium has no centre to
  // keep it): each id seen on screen is kept, as the one a user may still click.
  const shown = new Set<string>();
  const until = async (what: string, ready: (stored: Stored) => boolean, timeoutMs = 60_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      for (const id of await session.notifications()) shown.add(id);
      const stored = await storage();
      if (ready(stored)) return stored;
      if (Date.now() > end)
        throw new Error(`${version}: ${what} not stored within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const idOf = (stored: Stored, userId: string) =>
    accountsOf(stored).find((a) => a.userId === userId)?.id ?? '';
  const points = (stored: Stored, userId: string) =>
    unpackPoints(
      (stored.history as Record<string, { points: string }> | undefined)?.[idOf(stored, userId)]
        ?.points ?? '',
    ).length;
  // Days of readings, and the full account's usage notice recorded as shown.
  await until(
    'three days of readings and the usage notice',
    (stored) =>
      users.every((user) => points(stored, user.userId) >= 3) &&
      snapshotOf(stored, idOf(stored, 'header-user'))?.alerts?.usage === 'critical',
  );
  if (signInFailing) {
    // The service down for more than a day, until after the update: each account's "sign-in
    // failing" notice shown and told in its alerts.
    sim.setFault('api', 'server-error');
    await until("each account's sign-in failing notice", (stored) =>
      users.every(
        (user) =>
          (snapshotOf(stored, idOf(stored, user.userId))?.alerts?.keepAliveNotices ?? 0) > 0,
      ),
    );
  }
  // The node down until after the update: each account's failed reading and its retry pending.
  sim.setFault('node', 'server-error');
  const retrying = (stored: Stored) =>
    users.every((user) => {
      const snapshot = snapshotOf(stored, idOf(stored, user.userId));
      return snapshot?.refresh.failure !== undefined && snapshot.refresh.retryAt !== undefined;
    });
  await until('a failed reading of each account, its retry set', retrying);
  // One read of everything at one moment: the retry alarm is set once the run that failed ends.
  for (;;) {
    const recordedAt = Date.now();
    const [stored, alarms, onScreen] = await Promise.all([
      storage(),
      session.alarms(),
      session.notifications(),
    ]);
    for (const id of onScreen) shown.add(id);
    if (retrying(stored) && alarms.some((alarm) => alarm.name === 'retry'))
      return {
        version,
        locale,
        recordedAt,
        apiUrl: sim.apiUrl,
        nodeUrl: sim.nodeUrl,
        storage: stored,
        alarms: alarms
          .map(({ name, scheduledTime, periodInMinutes }) => ({
            name,
            scheduledTime,
            ...(periodInMinutes !== undefined && { periodInMinutes }),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        notifications: [...shown].sort(),
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether a build has a message (a release before a feature has none of its words). */
function hasWord(words: (key: string) => string, key: string): boolean {
  try {
    words(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Records a kept release's stored data: its Chromium test build with the application key, as the
 * stores' builds carry one, used as useRelease uses it, the service down at the end too.
 */
export async function recordReleaseUse(version: string): Promise<ReleaseUse> {
  const home = mkdtempSync(join(tmpdir(), `sk-release-use-${version}-`));
  const extensionDir = join(home, 'storage-keeper');
  cpSync(releaseBuild(version, 'chromiumAppKey'), extensionDir, { recursive: true });
  const sim = await startSimulator({ accounts: releaseUsers() });
  const session = await launchExtension({ extensionDir });
  try {
    return await useRelease(session, sim, version, 'en', 'chromiumAppKey', { signInFailing: true });
  } finally {
    await session.close();
    await sim.close();
    rmSync(home, { recursive: true, force: true });
  }
}
