import { afterEach, describe, expect, it, vi } from 'vitest';

// The current background on the time of the release's build (days of 10 s), as the real
// browsers' update tests run it: the release's stored days and intervals read as it wrote them.
// With the test application key, as the build the release's data was recorded from carries.
const { TIME_SCALE, APP_KEY } = vi.hoisted(() => {
  const [scale, key] = ['8640', 'simulated-application-key'];
  vi.stubEnv('MODE', 'e2e');
  vi.stubEnv('WXT_TIME_SCALE', scale);
  vi.stubEnv('WXT_APP_API_KEY', key);
  return { TIME_SCALE: Number(scale), APP_KEY: key };
});
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { standingOf } from '@/lib/outlook/standing';
import { nextRetryAt } from '@/lib/schedule/when-due';
import { unpackActivity } from '@/lib/store/activity';
import { unpackPoints } from '@/lib/store/history';
import { recentHistory, wholeHistory } from '@/lib/store/history-sources';
import { loadStore } from '@/lib/store/load-store';
import { loadAccounts } from '@/lib/store/reads';
import { storageProblems } from '@/lib/store/storage-problems';
import { ALARM } from '@/lib/store/stored-names';
import {
  keptReleases,
  RELEASE_BUILDS,
  releaseNames,
  releaseStoredData,
  type ReleaseUse,
} from '../../../testbed/kept-releases';
import { releaseUsers } from '../../../testbed/release-use';
import { E2E_APP_KEY } from '../../../testbed/browsers/chromium';
import { USER_PATH } from '../../../testbed/simulator/simulator';
import { backgroundSuite, browserEvent, clock, DAY, fireAlarm } from '../helpers/harness';
import { installFakeExtensionApis } from '../helpers/fake-extension';

// The update from every kept release, on the fake browser: what the release stored when used
// through its own pages (test/fixtures/releases/<version>/stored-data.json, recorded from its
// Chromium build by scripts/releases.ts: two accounts, one per key form, notices on, a usage
// notice shown, the node down with a retry pending) is written into storage, its notices are on
// screen, and the browser, as at an update, has cleared the alarms. The current background then
// starts on the fake clock at the moment the data was read, and what an update can lose is
// compared: what the current code reads from the release's values in the release's units, the
// accounts, settings, snapshots with their alerts, histories and their recent part,
// activity, setupOpened, every alarm (the retry alarm included), the notices (none shown again;
// a click on the release's still opens its page), and the next sign-in and reading. The real
// browsers update from the oldest and the newest kept release only (test/e2e/update.test.ts,
// test/e2e-firefox/update.test.ts).

const { sim, newWorker } = backgroundSuite({ users: releaseUsers() });
afterEach(() => vi.restoreAllMocks());

type Stored = Record<string, unknown>;
interface Snapshot {
  alerts: unknown;
  capacity?: unknown;
  user?: unknown;
  keepAlive: { lastSuccessAt?: number };
  refresh: { lastSuccessAt?: number; retryAt?: number; failure?: unknown };
}
const snapshotsOf = (stored: Stored) => (stored.snapshots ?? {}) as Record<string, Snapshot>;
const pointsOf = (stored: Stored, key: 'history' | 'recentHistory', id: string) =>
  unpackPoints((stored[key] as Record<string, { points: string }> | undefined)?.[id]?.points ?? '');
const activityOf = (stored: Stored, id: string) =>
  unpackActivity(
    (stored.activity as Record<string, { entries: string }> | undefined)?.[id]?.entries ?? '',
  );
const accountsOf = (stored: Stored) =>
  stored.accounts as {
    id: string;
    userId: string;
    password: string;
    apiKey: string;
    keyForm: string;
    keySource?: string;
  }[];
/** The prefixes the kept releases gave their notices' ids, as a release's data spells them (its record lists them). */
const RELEASE_PREFIXES = { usage: 'usage', signIn: 'keep-alive' } as const;
const storedNow = (): Promise<Stored> => fakeBrowser.storage.local.get(null);

/** The release's state, as the browser holds it after updating the extension: storage and notices kept, alarms cleared. */
async function browserAfterUpdate(release: ReleaseUse) {
  fakeBrowser.reset();
  installFakeExtensionApis();
  clock.now = release.recordedAt;
  await fakeBrowser.storage.local.set(structuredClone(release.storage));
  for (const id of release.notifications)
    await fakeBrowser.notifications.create(id, {
      type: 'basic',
      title: '',
      message: '',
      iconUrl: '',
    });
}

/** The release's simulator addresses (its accounts and snapshots name them) answered by this test's simulator. */
const toThisSimulator =
  (release: ReleaseUse): typeof fetch =>
  (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
      .replace(release.apiUrl, sim().apiUrl)
      .replace(release.nodeUrl, sim().nodeUrl);
    return fetch(url, init);
  };

it('the kept releases that offer the application key stored an account on it, which each update must keep', () => {
  const onAppKey = keptReleases().filter((version) =>
    accountsOf(releaseStoredData(version).storage).some((account) => account.keySource === 'app'),
  );
  const offering = keptReleases().filter((version) =>
    releaseNames(version).fields['local:accounts']!.includes('[].keySource'),
  );
  expect(offering.length).toBeGreaterThan(0);
  expect(onAppKey).toEqual(offering);
});

/**
 * What the current code makes of the release's stored values, read before any run, is what the
 * release meant by them: a value read in another unit (bytes as KiB, ms as seconds) keeps its
 * type and field, so only its meaning shows it. Each history point, as the popup and the
 * Settings page read it, and each snapshot's figures hold the bytes the service reported (the
 * simulator's users keep their usage while a release is used); each account's sign-in has failed
 * long enough to be an outage, as the release told in its notice; the retry the release's
 * snapshots schedule is the release's own retry alarm. (The settings' units: the periodic
 * alarms' periods, below.)
 */
async function expectReadInTheReleaseUnits(release: ReleaseUse) {
  const [popup, settingsPage] = [await loadStore(recentHistory), await loadStore(wholeHistory)];
  for (const { id, userId } of accountsOf(release.storage)) {
    const { used, quota } = releaseUsers().find((user) => user.userId === userId)!;
    for (const { history } of [popup, settingsPage]) {
      const points = history[id]?.points ?? [];
      expect(points.length, id).toBeGreaterThan(0);
      expect(
        points.map(([, pointUsed, pointQuota]) => [pointUsed, pointQuota]),
        id,
      ).toEqual(points.map(() => [used, quota]));
    }
    expect(popup.snapshots[id]?.capacity, id).toMatchObject({ used, quota });
    expect(standingOf(popup.snapshots[id]!, release.recordedAt).kind, id).toBe('outage');
  }
  const retry = release.alarms.find((alarm) => alarm.name === ALARM.retry)!;
  expect(nextRetryAt(Object.values(popup.snapshots), release.recordedAt)).toBe(retry.scheduledTime);
}

describe.each(keptReleases())('an update from %s, on the fake browser', (version) => {
  const release = releaseStoredData(version);
  const before = release.storage;
  const ids = accountsOf(before).map((account) => account.id);

  it('keeps what the release stored, sets every alarm again, shows no notice again, and goes on from the kept state', async () => {
    expect(release.version).toBe(version);
    expect(RELEASE_BUILDS.chromiumAppKey).toMatchObject({
      timeScale: String(TIME_SCALE),
      appKey: true,
    });
    expect(APP_KEY).toBe(E2E_APP_KEY);
    expect(DAY).toBe(10_000);
    await browserAfterUpdate(release);
    await expectReadInTheReleaseUnits(release);
    // The service and the node down at the update, as when the data was read.
    sim().setFault('api', 'server-error');
    sim().setFault('node', 'server-error');
    const created = vi.spyOn(fakeBrowser.notifications, 'create');
    const tabs = vi.spyOn(fakeBrowser.tabs, 'create');
    const settingsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = settingsPage;

    const worker = newWorker({ fetch: toThisSimulator(release), listening: true });
    await browserEvent(fakeBrowser.runtime.onInstalled, { reason: 'update' });
    await worker.start('worker-start');
    const after = await storedNow();

    // The accounts (both key forms), the settings and setupOpened, as stored; nothing reads as damaged.
    expect(after.accounts).toEqual(before.accounts);
    expect(after.settings).toEqual(before.settings);
    expect(after.setupOpened).toEqual(before.setupOpened);
    expect((await loadAccounts()).damaged).toEqual([]);
    expect(await storageProblems()).toEqual([]);
    expect(tabs).not.toHaveBeenCalled(); // an update opens no setup page
    // Each snapshot's alerts, figures and successes (the node still down: nothing read since).
    for (const id of ids) {
      const [was, is] = [snapshotsOf(before)[id]!, snapshotsOf(after)[id]!];
      expect(is.alerts, id).toEqual(was.alerts);
      expect(is.capacity, id).toEqual(was.capacity);
      expect(is.user, id).toEqual(was.user);
      expect(is.keepAlive.lastSuccessAt, id).toBe(was.keepAlive.lastSuccessAt);
      expect(is.refresh.lastSuccessAt, id).toBe(was.refresh.lastSuccessAt);
      expect(is.refresh.failure, id).toBeDefined();
      // The histories, their recent part where the release kept one, and the activity log.
      expect(pointsOf(after, 'history', id), id).toEqual(pointsOf(before, 'history', id));
      if (before.recentHistory !== undefined)
        expect(pointsOf(after, 'recentHistory', id), id).toEqual(
          pointsOf(before, 'recentHistory', id),
        );
      const logged = activityOf(before, id);
      expect(activityOf(after, id).slice(0, logged.length), id).toEqual(logged);
    }
    for (const key of Object.keys(before).filter((k) => k.endsWith('$')))
      expect(after[key], key).toEqual(before[key]);
    // No notice shown again: the usage and sign-in notices the release showed are in the kept alerts.
    const shown = (topic: keyof typeof RELEASE_PREFIXES) =>
      release.notifications.filter((id) => id.startsWith(`${RELEASE_PREFIXES[topic]}:`));
    expect(releaseNames(version).notificationPrefixes).toEqual(
      expect.arrayContaining(Object.values(RELEASE_PREFIXES)),
    );
    expect(shown('usage').length, 'a usage notice shown').toBeGreaterThan(0);
    expect(shown('signIn').sort(), 'each sign-in failing').toEqual(
      ids.map((id) => `${RELEASE_PREFIXES.signIn}:${id}`).sort(),
    );
    expect(created.mock.calls.map(([id]) => id)).toEqual([]);

    // Every alarm again: the periodic ones under the release's names at the user's intervals, and the retry.
    const alarms = await fakeBrowser.alarms.getAll();
    expect(alarms.map((alarm) => alarm.name).sort()).toEqual(
      release.alarms.map((alarm) => alarm.name).sort(),
    );
    for (const { name, periodInMinutes } of release.alarms.filter((a) => a.periodInMinutes))
      expect(alarms.find((alarm) => alarm.name === name)?.periodInMinutes, name).toBeCloseTo(
        periodInMinutes!,
      );
    const retry = alarms.find((alarm) => alarm.name === ALARM.retry);
    expect(retry?.periodInMinutes).toBeUndefined();
    const retryAts = ids.map((id) => snapshotsOf(after)[id]!.refresh.retryAt!);
    expect(retry?.scheduledTime).toBe(Math.min(...retryAts));

    // A click on a notice the release showed still opens what it is about: a usage notice the
    // overview, a sign-in's the Settings page (its remedy is there).
    await browserEvent(fakeBrowser.notifications.onClicked, shown('usage')[0]);
    expect(tabs.mock.calls.map(([options]) => options.url)).toEqual([
      fakeBrowser.runtime.getURL('/popup.html'),
    ]);
    expect(settingsPage).not.toHaveBeenCalled();
    await browserEvent(fakeBrowser.notifications.onClicked, shown('signIn')[0]);
    expect(settingsPage).toHaveBeenCalledTimes(1);
    expect(tabs).toHaveBeenCalledTimes(1);

    // The node back: the retry alarm fires when due, each time for the accounts whose retry is
    // due then, until each account's next reading is stored and adds to its kept history.
    sim().setFault('node', undefined);
    const readSince = (stored: Stored) =>
      ids.every((id) => snapshotsOf(stored)[id]!.refresh.lastSuccessAt! > release.recordedAt);
    for (let fired = 0; fired < ids.length && !readSince(await storedNow()); fired++) {
      clock.now = (await fakeBrowser.alarms.get(ALARM.retry))!.scheduledTime;
      await fireAlarm(ALARM.retry);
    }
    const read = await storedNow();
    expect(readSince(read)).toBe(true);
    for (const id of ids) {
      const kept = pointsOf(before, 'history', id);
      const now = pointsOf(read, 'history', id);
      expect(now.length, id).toBeGreaterThanOrEqual(kept.length);
      expect(now.slice(0, kept.length - 1), id).toEqual(kept.slice(0, -1));
    }
    // The service back, the next sign-in: the kept credentials in each account's kept key form,
    // the application key for an account on it.
    sim().setFault('api', undefined);
    sim().requests.length = 0;
    clock.now = (await fakeBrowser.alarms.get(ALARM.signIn))!.scheduledTime;
    await fireAlarm(ALARM.signIn);
    const signIns = sim().requests.filter(
      (r) => r.server === 'api' && r.path.split(';')[0] === USER_PATH && r.status === 200,
    );
    expect(
      signIns.map(({ userId, password, keyVia, apiKey }) => ({ userId, password, keyVia, apiKey })),
    ).toEqual(
      expect.arrayContaining(
        accountsOf(before).map(({ userId, password, keyForm, apiKey, keySource }) => ({
          userId,
          password,
          keyVia: keyForm,
          apiKey: keySource === 'app' ? APP_KEY : apiKey,
        })),
      ),
    );
    expect(new Set(accountsOf(before).map((account) => account.keyForm))).toEqual(
      new Set(['header', 'matrix']),
    );
    // The notices since: "works again" for each account, told once its sign-in failing was
    // (its kept alerts); none of usage, as high as when the release told it.
    expect(created.mock.calls.map(([id]) => id).sort()).toEqual(shown('signIn').sort());
    for (const id of ids)
      expect(snapshotsOf(await storedNow())[id]!.alerts, id).toMatchObject({ keepAliveNotices: 0 });
  });
});
