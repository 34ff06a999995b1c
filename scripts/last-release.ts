import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The last release users have: the update test (test/e2e/update.test.ts) installs its own build,
 * kept in test/fixtures/releases/<version>/ so CI runs it offline and in seconds.
 * `npx tsx scripts/build-last-release.ts` rebuilds that from this commit; docs/release.md says
 * when to move it forward.
 */
export const LAST_RELEASE = {
  version: '0.1.0',
  commit: '8102d1aaeeec93d68a479c25bc4b7ef54068b0c0',
} as const;

/** Each release's record (its stored names); only the last one's builds are kept beside it. */
export const RELEASES_DIR = resolve('test/fixtures/releases');

const lastReleaseDir = join(RELEASES_DIR, LAST_RELEASE.version);

/**
 * Its test builds, made as the current ones are (test/e2e/global-setup.ts, test/e2e-firefox/global-setup.ts),
 * so one updates over the other at the same speed: Chromium's with days of 10 s, like FAST_E2E_BUILD;
 * Firefox's with hours of 5 s, like FIREFOX_E2E_BUILD.
 */
export const LAST_RELEASE_BUILD = {
  chromium: {
    dir: join(lastReleaseDir, 'chrome-mv3-e2e-fast'),
    browser: 'chrome',
    timeScale: '8640',
  },
  firefox: { dir: join(lastReleaseDir, 'firefox-mv3-e2e'), browser: 'firefox', timeScale: '720' },
} as const;

/** What a release stored (test/unit/structure/stored-names.test.ts holds the code to it). */
export interface ReleaseNames {
  version: string;
  commit: string;
  /** Each storage key (`area:key`) with the version its marker (`<key>$`) names, or null for none. */
  keys: Record<string, number | null>;
  alarms: string[];
}

export const storedNamesFile = (version: string) =>
  join(RELEASES_DIR, version, 'stored-names.json');

export const releaseNames = (version: string): ReleaseNames =>
  JSON.parse(readFileSync(storedNamesFile(version), 'utf8')) as ReleaseNames;

/** A build's own words (its _locales), to find its controls by the names its users saw. */
export function buildMessages(buildDir: string, locale = 'en'): (key: string) => string {
  const table = JSON.parse(
    readFileSync(join(buildDir, '_locales', locale, 'messages.json'), 'utf8'),
  ) as Record<string, { message: string }>;
  return (key) => {
    const entry = table[key];
    if (!entry) throw new Error(`${buildDir} has no message ${key}`);
    return entry.message;
  };
}
