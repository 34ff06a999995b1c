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
}

export const storedNamesFile = (version: string) =>
  join(RELEASES_DIR, version, 'stored-names.json');

export const releaseNames = (version: string): ReleaseNames =>
  JSON.parse(readFileSync(storedNamesFile(version), 'utf8')) as ReleaseNames;

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
 * A release's test builds, made as the current ones are (test/e2e/global-setup.ts,
 * test/e2e-firefox/global-setup.ts), so one updates over the other at the same speed:
 * Chromium's with days of 10 s, like FAST_E2E_BUILD; Firefox's with hours of 5 s, like FIREFOX_E2E_BUILD.
 */
export const RELEASE_BUILDS = {
  chromium: { folder: 'chrome-mv3-e2e-fast', browser: 'chrome', timeScale: '8640' },
  firefox: { folder: 'firefox-mv3-e2e', browser: 'firefox', timeScale: '720' },
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
