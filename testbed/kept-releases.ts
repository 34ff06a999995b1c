import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every release users may still have, each kept in test/fixtures/releases/<version>/: its test
 * builds (the update tests install them, offline and in seconds) and its record
 * (stored-names.json: the commit it was built from and what it stored). A release is added there
 * when it is cut and never replaced (`npm run releases:add -- <version> <commit>`);
 * `npm run releases:check` rebuilds each from its commit and fails on any byte that differs
 * (scripts/releases.ts, docs/release.md).
 */
export const RELEASES_DIR = resolve('test/fixtures/releases');

/** What a release stored, and where it came from (test/unit/structure/stored-names.test.ts holds the code to it). */
export interface ReleaseNames {
  version: string;
  /** The commit its builds are made from. */
  commit: string;
  /** How the names were read from its sources. */
  source: string;
  /** Each storage key (`area:key`) with the version its marker (`<key>$`) names, or null for none. */
  keys: Record<string, number | null>;
  alarms: string[];
  /** The prefixes of its notification ids (`<prefix>:<account id>`): a click on one is handled by the version that runs then. */
  notificationPrefixes: string[];
  /** Each key's value as a type of its sources (testbed/stored-fields.ts), and the field paths read from it. */
  fieldsFrom: Record<string, string>;
  fields: Record<string, string[]>;
  /** The type stored at each field path, as its sources declare it: kinds and literal values (storedTypes). */
  types: Record<string, Record<string, string>>;
}

export const storedNamesFile = (version: string) =>
  join(RELEASES_DIR, version, 'stored-names.json');

export const releaseNames = (version: string): ReleaseNames =>
  JSON.parse(readFileSync(storedNamesFile(version), 'utf8')) as ReleaseNames;

/**
 * What a release stored when used as its users use it (testbed/release-use.ts), kept beside its
 * builds (stored-data.json): the fake-browser update test starts the current background on it.
 */
export interface ReleaseUse {
  version: string;
  /** The language its pages were used in. */
  locale: 'en' | 'ja';
  /** When it was read: the clock the update starts at. */
  recordedAt: number;
  /** The simulator's addresses then, which its accounts and snapshots name. */
  apiUrl: string;
  nodeUrl: string;
  /** Everything in storage.local. */
  storage: Record<string, unknown>;
  /** Its alarms (a browser clears them at an update; the new version sets them again). */
  alarms: { name: string; scheduledTime: number; periodInMinutes?: number }[];
  /** The ids of the notifications it showed (a click on one after the update hands it back). */
  notifications: string[];
}

export const storedDataFile = (version: string) => join(RELEASES_DIR, version, 'stored-data.json');

export const releaseStoredData = (version: string): ReleaseUse =>
  JSON.parse(readFileSync(storedDataFile(version), 'utf8')) as ReleaseUse;

/** Compares versions as numbers, part by part (0.10.0 after 0.9.0). */
export const byVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x!.reduce((order, n, i) => order || n - (y![i] ?? 0), 0);
};

/** The kept releases' versions, oldest first. */
export const keptReleases = (): string[] =>
  readdirSync(RELEASES_DIR)
    .filter((name) => /^\d+\.\d+\.\d+$/.test(name))
    .sort(byVersion);

/**
 * The kept releases an update is driven from in the real browsers: the oldest and the newest
 * (each one of them once when they are the same). Every kept release is updated from on the
 * fake browser (test/unit/scenarios/update-from-kept-releases.test.ts), from its stored data.
 */
export const releasesForBrowsers = (): string[] => {
  const all = keptReleases();
  return [...new Set([all[0]!, all.at(-1)!])];
};

/**
 * A release's test builds, made as the current ones are (test/e2e/global-setup.ts,
 * test/e2e-firefox/global-setup.ts), so one updates over the other at the same speed:
 * Chromium's with days of 10 s, like FAST_E2E_BUILD; Firefox's with hours of 5 s, like
 * FIREFOX_E2E_BUILD; and Chromium's with the test application key (E2E_APP_KEY), as the stores'
 * builds carry one, which its stored data is recorded from (testbed/release-use.ts).
 */
export const RELEASE_BUILDS = {
  chromium: { folder: 'chrome-mv3-e2e-fast', browser: 'chrome', timeScale: '8640', appKey: false },
  firefox: { folder: 'firefox-mv3-e2e', browser: 'firefox', timeScale: '720', appKey: false },
  chromiumAppKey: {
    folder: 'chrome-mv3-e2e-app-key',
    browser: 'chrome',
    timeScale: '8640',
    appKey: true,
  },
} as const;

export const releaseBuild = (version: string, browser: keyof typeof RELEASE_BUILDS) =>
  join(RELEASES_DIR, version, RELEASE_BUILDS[browser].folder);

/**
 * Message keys renamed since a release, each current key with the names it had before: a
 * release's pages are read in that release's own words (its _locales) by the current key.
 */
export const FORMER_MESSAGE_KEYS: Record<string, string[]> = {
  settingSignInEvery: ['settingKeepAlive'],
  settingUsageUpdateEvery: ['settingRefresh'],
  settingNotifySignIn: ['settingNotifyKeepAlive'],
};

/** A build's own words (its _locales), by the current key or a name it had, to find its controls by the names its users saw. */
export function buildMessages(buildDir: string, locale = 'en'): (key: string) => string {
  const table = JSON.parse(
    readFileSync(join(buildDir, '_locales', locale, 'messages.json'), 'utf8'),
  ) as Record<string, { message: string }>;
  return (key) => {
    const entry = [key, ...(FORMER_MESSAGE_KEYS[key] ?? [])]
      .map((name) => table[name])
      .find(Boolean);
    if (!entry) throw new Error(`${buildDir} has no message ${key}`);
    return entry.message;
  };
}
