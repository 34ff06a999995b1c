import { browser } from 'wxt/browser';

// Apart from lib/permissions.ts so that only the options page, which asks, carries it.

const PATTERN = /^(\*|https?):\/\/(\*|\*\.[^/*]+|[^/*]+)\//;

/**
 * Whether a host match pattern covers the URL's origin. Host permissions grant whole origins, so
 * the path part is not consulted; the patterns are the manifest's own, all of this simple form.
 */
function covers(pattern: string, url: URL): boolean {
  const [, scheme, host] = PATTERN.exec(pattern) ?? [];
  if (!scheme || !host) return false;
  if (scheme === '*' ? url.protocol !== 'http:' && url.protocol !== 'https:' : url.protocol !== `${scheme}:`) return false;
  if (host === '*') return true;
  return host.startsWith('*.') ? url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1)) : url.hostname === host;
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
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return [...host_permissions, ...optional_host_permissions].some((pattern) => covers(pattern, parsed));
}
