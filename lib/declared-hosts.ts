import { browser } from 'wxt/browser';
import { MatchPattern } from 'wxt/utils/match-patterns';

// Apart from lib/permissions.ts so that only the options page, which asks, carries the matcher.

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
