import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { Popup } from '../../testbed/browsers/chromium-pages';
import { axeViolations } from './axe';

// Issue 27: the popup's header is one line at the popup's width, in English and in Japanese: the
// title and both buttons side by side, not the title above two buttons like a wrapping accident.
let sim: Simulator;
const account = demoAccount();

beforeAll(async () => {
  sim = await startSimulator({ accounts: [account] });
  mkdirSync('artifacts/screenshots', { recursive: true });
});
afterAll(async () => {
  await sim?.close();
});

describe.each(['en', 'ja'] as const)('the popup header in %s', (locale) => {
  let browser: ExtensionSession;
  beforeAll(async () => {
    browser = await launchExtension({ locale });
    await browser.storeAccounts([storedAccount(sim, account)]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['light', 'dark'] as const)(
    'title and both buttons on one line (%s), axe clean',
    { timeout: 60_000 },
    async (colorScheme) => {
      const page = await browser.open('popup');
      await page.emulateMedia({ colorScheme });
      const popup = new Popup(page, locale);
      await page.getByRole('meter').first().waitFor({ timeout: 20_000 });
      const header = page.locator('header');
      const boxes = await Promise.all(
        [
          header.getByRole('heading', { level: 1 }),
          header.getByRole('button', { name: popup.t('checkNow'), exact: true }),
          header.getByRole('button', { name: popup.t('openSettings'), exact: true }),
        ].map(async (part) => (await part.boundingBox())!),
      );
      const [title, ...buttons] = boxes;
      // One line: every part's vertical middle lies within each other part, left to right.
      for (const box of boxes) {
        for (const other of boxes) {
          expect(box.y + box.height / 2).toBeGreaterThan(other.y);
          expect(box.y + box.height / 2).toBeLessThan(other.y + other.height);
        }
      }
      expect(buttons[0]!.x).toBeGreaterThan(title!.x + title!.width);
      expect(buttons[1]!.x).toBeGreaterThan(buttons[0]!.x + buttons[0]!.width);
      // Nothing overflows the popup's width.
      const width = await page.evaluate(() => document.body.getBoundingClientRect().width);
      expect(buttons[1]!.x + buttons[1]!.width).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
      await page
        .locator('body')
        .screenshot({ path: `artifacts/screenshots/popup-header-${locale}-${colorScheme}.png` });
      await page.close();
    },
  );
});
