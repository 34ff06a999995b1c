import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../simulator/simulator';
import { launchExtension } from './browser';
import { captureScreenshots, screenshotAccounts } from './screenshots';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ accounts: screenshotAccounts() });
});
afterAll(() => sim?.close());

describe.each(['en', 'ja'] as const)('screenshots (%s)', (locale) => {
  it('captures every popup state and the options page, light and dark', async () => {
    const browser = await launchExtension({ locale });
    try {
      const uiLanguage = await browser.currentWorker().evaluate(() => chrome.i18n.getUILanguage());
      expect(uiLanguage.startsWith(locale)).toBe(true);
      const files = await captureScreenshots(browser, sim, 'artifacts/screenshots', locale);
      expect(files).toHaveLength(10);
      for (const file of files) expect(existsSync(file) && statSync(file).size > 5_000).toBe(true);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
