import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateAccounts } from '../../testbed/browsers/page-states/accounts';
import { startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import {
  FIREFOX_E2E_BUILD,
  FIREFOX_E2E_XPI,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import { SettingsPage, Popup, waitForText, waitUntil } from '../../testbed/browsers/firefox-pages';

// The oldest Firefox the add-on supports, Debian's ESR 140 (unpacked beside the current ESR the
// rest of the suite runs on, by .ci/oldest-firefox.sh): the add-on installs in it, and every kind
// of call the launcher and the page objects make for the demo and the suite works there once.
// Firefox 140 lacks WebDriver BiDi commands and leniencies later ones have, so a call that
// works on today's ESR can fail only here.
let sim: Simulator;
let firefox: FirefoxSession;
let oldest: string;

beforeAll(async () => {
  // Fetches and unpacks it on first use (tens of seconds); after that, only prints its path.
  oldest = execFileSync('bash', ['.ci/oldest-firefox.sh'], { encoding: 'utf8' }).trim();
  sim = await startSimulator({ accounts: stateAccounts() });
  // Permanently, as a user installs it: Firefox checks the manifest's strict_min_version.
  firefox = await launchFirefox({ executablePath: oldest, install: { xpi: FIREFOX_E2E_XPI } });
});
afterAll(async () => {
  await firefox?.close();
  await sim?.close();
});

describe('the oldest Firefox supported', () => {
  it('is the version the README and the manifest name as the minimum', () => {
    const major = /^Mozilla Firefox (\d+)\./.exec(
      execFileSync(oldest, ['--version'], { encoding: 'utf8' }),
    )?.[1];
    const manifest = JSON.parse(readFileSync(join(FIREFOX_E2E_BUILD, 'manifest.json'), 'utf8')) as {
      browser_specific_settings: { gecko: { strict_min_version: string } };
    };
    expect(manifest.browser_specific_settings.gecko.strict_min_version).toBe(`${major}.0`);
    expect(readFileSync('README.md', 'utf8')).toContain(`(desktop, version ${major} or newer)`);
  });

  it('runs the add-on: an account added in the Settings page, its figures and notification, a tab opened while it shows, the activity log, a dark screenshot', async () => {
    const options = new SettingsPage(await firefox.open('options'));
    const photos = sim.account('photos');
    await options.addAccount({
      baseUrl: sim.apiUrl,
      userId: 'photos',
      password: photos.password,
      apiKey: photos.apiKey,
      label: 'Photos',
    });

    // 19.3 of 20 GB used: a notification, in a window of its own, the most recent one while it
    // shows. Firefox 140 opened a new tab in the most recent window, whatever its kind.
    const recentWindow = () =>
      firefox.privileged(
        `Services.wm.getMostRecentWindow(null).document.documentElement.getAttribute('windowtype')`,
      );
    await expect.poll(recentWindow, { timeout: 20_000 }).toBe('alert:alert');
    // Two new tabs while it shows (it closes by itself after 20 s): the one that reads the
    // notifications through the extension's API, and the popup's.
    expect(await firefox.notifications()).toHaveLength(1);
    const popup = new Popup(await firefox.open('popup'));
    const card = await waitForText(popup.page, '19.3 GB of 20 GB used', popup.card('Photos'));
    expect(card).toContain('Critically full: 96%');
    expect((await firefox.badge()).text).toBe('96%');

    await firefox.setColorScheme('dark');
    await waitUntil(popup.page, () => matchMedia('(prefers-color-scheme: dark)').matches);
    const screenshot = await (await popup.page.$('body'))!.screenshot();
    expect(screenshot.length).toBeGreaterThan(5_000);

    await options.page.bringToFront();
    await options.showSection('activityHeading');
    await waitForText(options.page, 'Usage update', options.activityLog('Photos'));
  }, 90_000);
});
