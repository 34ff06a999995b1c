import { browser } from 'wxt/browser';

/** The match pattern that grants an origin (ports are not part of match patterns). */
function originPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

/** Whether the extension may send requests to this URL's host. */
export function hasHostPermission(url: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(url)] });
}

/**
 * The one way a page asks for the hosts an account needs: `asking` is told first (the page says
 * it waits for the browser's prompt), then the browser asks the user. Must be called inside a
 * click handler before anything is awaited (the browser wants the user's gesture). Resolves to
 * whether access was granted; a request the browser rejects (no prompt could be shown) is a
 * refusal, never an error.
 */
export function requestHostPermissions(
  urls: readonly string[],
  asking?: () => void,
): Promise<boolean> {
  asking?.();
  return browser.permissions.request({ origins: [...new Set(urls.map(originPattern))] }).then(
    (granted) => granted,
    () => false,
  );
}
