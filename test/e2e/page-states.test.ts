import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { pngPixels } from '../../testbed/png-pixels';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { axeViolations, CONTRAST_RULE } from './axe';
import { E2E_BUILD, launchExtension } from '../../testbed/browsers/chromium';
import { latinLeftovers } from './latin-text';
import {
  ACCOUNT_LABELS,
  IMPORTED_DATA,
  stateAccounts,
} from '../../testbed/browsers/page-states/accounts';
import { PAGE_STATES } from '../../testbed/browsers/page-states/every-state';
import { QUIET_SETTINGS } from '../../testbed/browsers/page-states/state';
import { messages } from '../../testbed/browsers/chromium-pages';

// Every popup and options state, light and dark, English and Japanese: a screenshot of each
// (artifacts/screenshots, to look at), zero axe-core violations (every rule in the light scheme;
// in the dark one, which changes only the colours, the contrast rule), and in Japanese no
// Latin-script text that is not a proper name, an address, a number or a unit.

const DIR = 'artifacts/screenshots';
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ accounts: stateAccounts() });
  mkdirSync(DIR, { recursive: true });
});
afterAll(() => sim?.close());

/** What the simulator and the states put on screen: the user's data, not the extension's words. */
const userData = () => [
  ...ACCOUNT_LABELS,
  ...IMPORTED_DATA,
  ...stateAccounts().flatMap((a) => [a.userId, a.introduceCode, a.keyName, a.keyVendor]),
];

/** What the 360 px popup must never break over two lines: its title, and a level with its percentage. */
const UNBROKEN = ['.popup__header h1', '.usage__percent'];

/** The texts of those elements whose words the page put on more than one line. */
function brokenOverLines(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    return [...document.querySelectorAll(selectors.join(','))]
      .filter((element) => lines(element) > 1)
      .map((element) => element.textContent ?? '');
  }, selectors);
}

/** The popup header's buttons that left the title's line (issue 27: one line, whatever a click says below it). */
function buttonsOffTitleLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const title = document.querySelector('.popup__header h1')?.getBoundingClientRect();
    if (!title) return [];
    return [...document.querySelectorAll('.popup__header button')]
      .filter((button) => {
        const { top, height } = button.getBoundingClientRect();
        return top + height / 2 < title.top || top + height / 2 > title.bottom;
      })
      .map((button) => button.textContent ?? '');
  });
}

/**
 * Whether Latin text in the page's body font is fixed-width (as in IPAGothic, which `system-ui`
 * can be on Linux in Japanese): names and units would look like code.
 */
function latinFixedWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const width = (text: string) => {
      const span = document.body.appendChild(document.createElement('span'));
      span.textContent = text;
      const { width } = span.getBoundingClientRect();
      span.remove();
      return width;
    };
    return Math.abs(width('iiiiiiii') - width('MMMMMMMM')) < 1;
  });
}

describe.each(['en', 'ja'] as const)('every page state (%s)', (locale) => {
  it('light and dark: a screenshot, no axe violations, and (ja) no English left', async () => {
    const browser = await launchExtension({ locale });
    const problems: string[] = [];
    try {
      expect(
        (await browser.currentWorker().evaluate(() => chrome.i18n.getUILanguage())).startsWith(
          locale,
        ),
      ).toBe(true);
      await browser.storeSettings(QUIET_SETTINGS);
      for (const state of PAGE_STATES) {
        const page = await state.open({ browser, sim, locale });
        // Chromium's own style for extension pages would shrink the text to 75 %.
        const fontSize = await page.evaluate(() => getComputedStyle(document.body).fontSize);
        if (fontSize !== '14px') problems.push(`${state.name}: body text ${fontSize}, not 14px`);
        if (await latinFixedWidth(page))
          problems.push(`${state.name}: Latin text in a fixed-width font`);
        if (state.name.startsWith('popup')) {
          for (const text of await brokenOverLines(page, UNBROKEN))
            problems.push(`${state.name}: "${text}" breaks over lines`);
          for (const text of await buttonsOffTitleLine(page))
            problems.push(`${state.name}: the header's "${text}" is off the title's line`);
        }
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          const file = join(DIR, `${state.name}-${scheme}-${locale}.png`);
          const popup = state.name.startsWith('popup');
          if (!popup)
            // A full-page capture of a scrolled page draws the sticky side navigation as far down as it was scrolled.
            await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          // Where the page's first heading is drawn, from the shot's top left corner.
          const origin = popup
            ? await page.locator('body').boundingBox()
            : {
                x: 0,
                y: 0,
                width: await page.evaluate(() => document.documentElement.scrollWidth),
              };
          const heading = await page.locator('h1, h2').first().boundingBox();
          if (popup) await page.locator('body').screenshot({ path: file });
          else await page.screenshot({ path: file, fullPage: true });
          for (const problem of screenshotProblems(file, scheme, heading, origin))
            problems.push(`${file}: ${problem}`);
          const rules = scheme === 'light' ? undefined : [CONTRAST_RULE];
          for (const v of await axeViolations(page, rules))
            problems.push(
              `${state.name} ${scheme}: axe ${v.id} (${v.impact}) ${v.help}: ${v.targets.join(', ')}`,
            );
        }
        if (locale === 'ja') {
          for (const line of await latinLeftovers(page, userData()))
            problems.push(`${state.name}: not Japanese: ${line}`);
        }
        await page.close();
        state.after?.(sim);
      }
    } finally {
      await browser.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('titles', () => {
  it('the toolbar button and both pages take their titles from the catalogues', async () => {
    const manifest = JSON.parse(readFileSync(join(E2E_BUILD, 'manifest.json'), 'utf8'));
    expect(manifest.action.default_title).toBe('__MSG_extName__');
    const t = messages('ja');
    const browser = await launchExtension({ locale: 'ja' });
    try {
      const options = await browser.open('options');
      await expect.poll(() => options.title()).toBe(t('settingsPageTitle'));
      const popup = await browser.open('popup');
      await expect.poll(() => popup.title()).toBe(t('extName'));
    } finally {
      await browser.close();
    }
  }, 60_000);
});

type Box = { x: number; y: number; width: number; height: number } | null;

/**
 * What is wrong with a state's screenshot, read from its pixels rather than its size: a
 * background of the scheme's shade in its corner, and the page's first heading drawn where the
 * page says it is.
 */
function screenshotProblems(
  file: string,
  scheme: 'light' | 'dark',
  heading: Box,
  origin: { x: number; y: number; width: number } | null,
) {
  if (!existsSync(file)) return ['no screenshot'];
  const image = pngPixels(file);
  const problems: string[] = [];
  const corner = image.luminance(2, 2);
  if (scheme === 'light' ? corner <= 0.8 : corner >= 0.25)
    problems.push(`a ${scheme} page with a corner of luminance ${corner.toFixed(2)}`);
  if (!heading || !origin) problems.push('no heading on the page');
  else {
    const scale = image.width / origin.width;
    const region = {
      x: Math.round((heading.x - origin.x) * scale),
      y: Math.round((heading.y - origin.y) * scale),
      width: Math.round(heading.width * scale),
      height: Math.round(heading.height * scale),
    };
    if (image.ink(region) <= 0.02) problems.push('its heading not drawn where the page puts it');
  }
  return problems;
}
