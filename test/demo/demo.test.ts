import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagePatterns } from '../../testbed/browsers/chromium-pages';
import { DEMO_DIR, DEMO_NAME } from '../../testbed/demo/demo-run';
import { pngSize } from '../../testbed/store-images/assets';
import { npm, type Ran } from './npm-script';

// The front door: `npm start` and `npm run start:firefox` as a person runs them on a machine
// without a display (CI), each from its build to its exit. They must exit 0 and show what the
// README promises: the demo account with its usage, a forecast, a sparkline of weeks of history,
// and the activity log in the Settings page; and save their screenshots.

const p = messagePatterns('en');

/** The demo's own failure lines (npm adds its own after them). */
const stepFailures = (ran: Ran, command: string) =>
  ran.stderr.split('\n').filter((line) => line.startsWith(`${command}: `));

/** The lines printed under a heading, up to the next unindented line. */
function section(stdout: string, heading: string | RegExp): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) =>
    typeof heading === 'string' ? line === heading : heading.test(line),
  );
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.trim());
}

/** What both demos print: the popup's card, the badge, the Settings page's accounts and activity log. */
function expectTheDemoShown(stdout: string) {
  const card = section(stdout, 'The popup shows:');
  expect(card[0]).toBe(DEMO_NAME);
  expect(card).toContain('12.3 GB of 28 GB used');
  // The demo account's API key has a bonus: the forecast counts the quota after it.
  expect(
    card.some((line) => p('forecastFillingAfterBonus').test(line)),
    card.join('\n'),
  ).toBe(true);
  // The sparkline, by its text alternative, over weeks of history: it starts lower than today.
  const sparkline =
    card.find((line) => line.startsWith('Sparkline: '))?.slice('Sparkline: '.length) ?? '';
  expect(sparkline).toMatch(p('sparklineLabel'));
  const [, from, to] = /from ([\d.]+) GB to ([\d.]+) GB/.exec(sparkline) ?? [];
  expect(Number(to) - Number(from)).toBeGreaterThan(2);
  expect(stdout).toMatch(/^Toolbar badge: "44%"; its tooltip: .*Demo account: 44%/m);

  expect(section(stdout, `The Settings page lists the account "${DEMO_NAME}":`)).toEqual([
    expect.stringMatching(/^demo-user at 127\.0\.0\.1:\d+$/),
    expect.stringMatching(p('lastSignIn')),
    expect.stringMatching(p('nextSignInAt')),
  ]);
  const [summary, ...rows] = section(stdout, `The Settings page's activity log of "${DEMO_NAME}":`);
  // A month of daily sign-ins, one outage the retry got over.
  expect(summary).toMatch(p('activitySummaryDays'));
  expect(summary).toMatch(/: 3\d of 3\d\./);
  expect(summary).toMatch(p('activityRecoveredOne'));
  expect(rows).toHaveLength(5);
  for (const row of rows)
    expect(row).toMatch(/^\w{3} \d+, \d{4}, \d+:\d\d [AP]M (Sign-in|Usage update) .+ OK$/);
}

/** The screenshots a run saved (removed first, so that none is left from an earlier run). */
function expectScreenshots(files: string[]) {
  for (const file of files) {
    const path = join(DEMO_DIR, file);
    expect(existsSync(path), path).toBe(true);
    const { width, height } = pngSize(path);
    expect(width, path).toBeGreaterThanOrEqual(file.includes('popup') ? 300 : 800);
    expect(height, path).toBeGreaterThanOrEqual(300);
    expect(statSync(path).size, path).toBeGreaterThan(20_000);
  }
}
const removeScreenshots = (firefox: boolean) => {
  if (!existsSync(DEMO_DIR)) return;
  for (const file of readdirSync(DEMO_DIR))
    if (file.startsWith('firefox-') === firefox) rmSync(join(DEMO_DIR, file));
};
const both = (names: string[], locales: string[]) =>
  names.flatMap((name) =>
    ['light', 'dark'].flatMap((scheme) =>
      locales.map((locale) => `${name}-${scheme}-${locale}.png`),
    ),
  );

// Each builds its extension first (tens of seconds on two busy cores; inside npm test the build
// is made once beforehand, .ci/builds.ts), then runs about 10 s.
const DEMO_TIMEOUT = 300_000;

describe('npm start (Chromium, headless)', () => {
  it(
    'builds, shows the demo account, its usage, forecast, sparkline and activity log, saves the screenshots, and exits 0',
    async () => {
      removeScreenshots(false);
      const ran = await npm(['start']);
      expect(ran.code, ran.stderr).toBe(0);
      expectTheDemoShown(ran.stdout);
      expectScreenshots(both(['popup', 'options-accounts', 'options-activity'], ['en', 'ja']));
    },
    DEMO_TIMEOUT,
  );

  it('without Chromium: one line naming the step, the package to install and the variable to set; exit 1', async () => {
    const ran = await npm(['start'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(ran.code).toBe(1);
    expect(stepFailures(ran, 'npm start')).toEqual([
      expect.stringMatching(
        /^npm start: find Chromium failed: .*apt-get install -y chromium\b.*CHROMIUM_PATH/,
      ),
    ]);
  }, 60_000);
});

describe('npm run start:firefox (headless)', () => {
  it(
    'builds, shows the demo account, its usage, forecast, sparkline and activity log, saves the screenshots, and exits 0',
    async () => {
      removeScreenshots(true);
      const ran = await npm(['run', 'start:firefox']);
      expect(ran.code, ran.stderr).toBe(0);
      expectTheDemoShown(ran.stdout);
      expectScreenshots(
        both(
          ['firefox-popup', 'firefox-options-accounts', 'firefox-options-activity'],
          ['en', 'ja'],
        ),
      );
    },
    DEMO_TIMEOUT,
  );

  it('without Firefox: one line naming the step, the package to install and the variable to set; exit 1', async () => {
    const ran = await npm(['run', 'start:firefox'], { FIREFOX_PATH: '/nonexistent/firefox' });
    expect(ran.code).toBe(1);
    expect(stepFailures(ran, 'npm run start:firefox')).toEqual([
      expect.stringMatching(
        /^npm run start:firefox: find Firefox failed: .*apt-get install -y firefox-esr\b.*FIREFOX_PATH/,
      ),
    ]);
  }, 60_000);
});
