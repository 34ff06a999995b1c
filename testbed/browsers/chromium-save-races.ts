import type { Locator, Page } from 'playwright-core';

// Page-side controls for the save races, in real Chromium: when a click happened, and a way to
// keep a page's changes on their way (sent by the page, not yet read by the background).

/** Clicks `button` and returns the moment of the click, on the page's clock (the machine's, which the simulators share). */
export async function clickedAt(page: Page, button: Locator): Promise<number> {
  await button.evaluate((element) =>
    element.addEventListener(
      'click',
      () => ((globalThis as unknown as { clickedAt: number }).clickedAt = Date.now()),
      { capture: true, once: true },
    ),
  );
  await button.click();
  return page.evaluate(() => (globalThis as unknown as { clickedAt: number }).clickedAt);
}

/**
 * From now on, what the page posts on its change ports waits in the page until
 * `releaseChanges`: the change is on its way, its answer not yet come. Returns nothing;
 * `changesPosted` counts what the page posted.
 */
export async function holdChanges(page: Page) {
  await page.evaluate(() => {
    const held = globalThis as unknown as { heldPosts: (() => void)[]; posted: number };
    held.heldPosts = [];
    held.posted = 0;
    const connect = chrome.runtime.connect.bind(chrome.runtime);
    (chrome.runtime as unknown as { connect: unknown }).connect = (info: { name?: string }) => {
      const port = connect(info);
      if (!info.name?.startsWith('change:')) return port;
      const post = port.postMessage.bind(port);
      port.postMessage = (message: unknown) => {
        held.posted += 1;
        held.heldPosts.push(() => post(message));
      };
      return port;
    };
  });
}

/** How many messages the page posted on its change ports since `holdChanges`. */
export const changesPosted = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { posted: number }).posted);

/** Lets the held changes go, in the order the page posted them, and every later one at once. */
export async function releaseChanges(page: Page) {
  await page.evaluate(() => {
    const held = globalThis as unknown as { heldPosts: (() => void)[] };
    const posts = held.heldPosts;
    held.heldPosts = { push: (post: () => void) => post() } as unknown as (() => void)[];
    for (const post of posts) post();
  });
}

/**
 * The browser's permission prompt, held open until `answerPermissionPrompt` (loopback hosts are
 * granted at install, so Chromium would not ask at all).
 */
export async function holdPermissionPrompt(page: Page) {
  await page.evaluate(() => {
    const request = chrome.permissions.request.bind(chrome.permissions);
    const held = globalThis as unknown as { answerPrompt?: () => void };
    chrome.permissions.request = (permissions: Parameters<typeof request>[0]) =>
      new Promise<boolean>((resolve) => {
        held.answerPrompt = () => void request(permissions).then(resolve);
      });
  });
}

/** Answers the prompt `holdPermissionPrompt` keeps open, as the browser would. */
export async function answerPermissionPrompt(page: Page) {
  await page.evaluate(() => (globalThis as unknown as { answerPrompt: () => void }).answerPrompt());
}
