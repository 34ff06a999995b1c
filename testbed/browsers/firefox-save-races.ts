import type { Page } from 'puppeteer-core';
import { field } from './firefox-pages';

// Page-side controls for the save races, in real Firefox (puppeteer over BiDi).

/** Chooses a file with this text in the file input this label names, as the file picker does (a change event). */
export async function chooseFile(page: Page, label: string, name: string, text: string) {
  const input = await field(page, label);
  await input.evaluate(
    (element, fileName, content) => {
      const files = new DataTransfer();
      files.items.add(new File([content], fileName, { type: 'application/json' }));
      (element as HTMLInputElement).files = files.files;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
    name,
    text,
  );
}

/** Clicks the button with this accessible name twice, before the page is drawn again: the quickest double click. */
export async function clickTwice(page: Page, name: string) {
  const button = await page.waitForSelector(
    `::-p-aria([name=${JSON.stringify(name)}][role="button"])`,
  );
  await button!.evaluate((element) => {
    (element as HTMLButtonElement).click();
    (element as HTMLButtonElement).click();
  });
}

/**
 * Clicks the button with this accessible name and returns when the page heard the click, on the
 * page's clock (the machine's, which the simulators share): a time taken in the test before the
 * click reaches the page would count what the worker sent meanwhile as sent after it.
 */
export async function clickButtonAt(page: Page, name: string): Promise<number> {
  const button = await page.waitForSelector(
    `::-p-aria([name=${JSON.stringify(name)}][role="button"])`,
  );
  await button!.evaluate((element) =>
    element.addEventListener(
      'click',
      () => ((globalThis as unknown as { clickedAt: number }).clickedAt = Date.now()),
      { capture: true, once: true },
    ),
  );
  await button!.click();
  return page.evaluate(() => (globalThis as unknown as { clickedAt: number }).clickedAt);
}
