import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import {
  FIREFOX_E2E_XPI,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import { waitForText } from '../../testbed/browsers/firefox-pages';

// The first run in Firefox ESR: installing the add-on opens the settings page in setup mode by
// itself, with the walk-through and its links to the service's own site.
let firefox: FirefoxSession;
beforeAll(async () => {
  firefox = await launchFirefox({ install: { xpi: FIREFOX_E2E_XPI } });
});
afterAll(() => firefox?.close());

/**
 * The setup, once the add-on has opened it by itself. Puppeteer cannot drive a tab an add-on
 * opened (it reports moz-extension tabs as about:blank), so the tab is found through the tabs
 * API and the same address is opened in a tab the test drives.
 */
async function setupTab(): Promise<Page> {
  const opened = () =>
    firefox.inExtension(async () => (await browser.tabs.query({})).map((tab) => tab.url ?? ''));
  await expect
    .poll(
      async () => (await opened()).filter((url) => url.endsWith('/options.html#setup')).length,
      { timeout: 15_000 },
    )
    .toBe(1);
  return firefox.open('options', 'setup');
}

describe('the first run in Firefox', () => {
  it('opens the setup on install: its four steps, the first three linked to the service, the key explained, the address form for a preset server', async () => {
    const page = await setupTab();
    const text = await waitForText(
      page,
      '4. Test connection, then save',
      '::-p-aria([name="Set up Storage Keeper"][role="region"])',
    );
    for (const step of ['1. Enable Apps Connection', '2. Create an apps password', '3. API key'])
      expect(text).toContain(step);
    expect(text).toContain('the key is your own');
    const links = await page.$$eval('.setup a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      'https://infini-cloud.net/en/',
      'https://infini-cloud.net/en/',
      'https://infini-cloud.net/en/developer_auth.html',
    ]);
    const checked = await page.$eval('input[name="keyForm"]:checked', (input) => input.value);
    expect(checked).toBe('matrix');
  }, 60_000);
});
