import { browser } from 'wxt/browser';

/** The match pattern that grants an origin (ports are not part of match patterns). */
export function originPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

/** Whether the extension may send requests to this URL's host. */
export function hasHostPermission(url: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(url)] });
}

/** Asks for the hosts the user's account needs. Must run inside a click handler. */
export function requestHostPermissions(urls: readonly string[]): Promise<boolean> {
  return browser.permissions.request({ origins: [...new Set(urls.map(originPattern))] });
}
