// One browser tab that opens pages and times each open until its data shows (shown-mark.ts), as
// the popup's and the Settings page's time-to-data measure them beside the floor's pages.
import type { ExtensionSession } from '../browsers/chromium';
import { MARK_SHOWN, SHOWN_BINDING } from './shown-mark';

/** The floor's address in a browser that has it installed beside the extension. */
export async function floorOrigin(browser: ExtensionSession): Promise<string> {
  const floorWorker =
    browser.context.serviceWorkers().find((w) => !w.url().includes(browser.extensionId)) ??
    (await browser.context.waitForEvent('serviceworker'));
  return `chrome-extension://${new URL(floorWorker.url()).host}`;
}

/**
 * One tab that opens pages and times each open to its data shown (shown-mark.ts): `selectors`
 * gives each page's address and the element that shows its data. Returns the open, which
 * resolves with the milliseconds from navigation start, or fails naming the address when its
 * data never shows.
 */
export async function timedTab(
  browser: ExtensionSession,
  selectors: (readonly [url: string, selector: string])[],
): Promise<(url: string) => Promise<number>> {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  let shown: ((ms: number) => void) | undefined;
  cdp.on(
    'Runtime.bindingCalled',
    ({ name, payload }) => name === SHOWN_BINDING && shown?.(Number(payload)),
  );
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: SHOWN_BINDING });
  await page.addInitScript(MARK_SHOWN);
  // Each page's selector, kept by its origin's session storage in this tab across navigations.
  for (const [url, selector] of selectors) {
    await page.goto(url);
    await page.evaluate(
      (sel) => sessionStorage.setItem(`benchSelector ${location.pathname}${location.hash}`, sel),
      selector,
    );
  }
  // An open whose data never shows fails the bench with its address instead of hanging it (a
  // minute: only a hang guard, never a measure; a busy machine's first open can take seconds).
  return async (url: string) => {
    let timer: NodeJS.Timeout | undefined;
    const seen = new Promise<number>((resolve, reject) => {
      shown = resolve;
      timer = setTimeout(() => reject(new Error(`no data shown within 60 s: ${url}`)), 60_000);
    });
    try {
      const [ms] = await Promise.all([seen, page.goto(url)]);
      return ms;
    } finally {
      clearTimeout(timer);
    }
  };
}
