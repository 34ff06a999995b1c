import { browser } from 'wxt/browser';
import { MatchPattern } from 'wxt/utils/match-patterns';

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

/**
 * Whether this build's manifest lets it hold or ask for access to the URL's host. A store build
 * declares https only, so a plain-http server can never be granted there, whatever the user does.
 */
export function isDeclaredHost(url: string): boolean {
  const { host_permissions = [], optional_host_permissions = [] } = browser.runtime.getManifest() as {
    host_permissions?: string[];
    optional_host_permissions?: string[];
  };
  return [...host_permissions, ...optional_host_permissions].some((pattern) => new MatchPattern(pattern).includes(url));
}
