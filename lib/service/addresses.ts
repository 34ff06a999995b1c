import { fail, ok, type Result } from './failures';

// Where credentials may go: the API server the user chose, and the node host its answer names.

/**
 * A server address we may send credentials to: https; in the test builds (`--mode simulator`,
 * `--mode e2e`) and the unit tests, also plain http on loopback, where the simulator listens.
 * A production build (the store's) refuses plain http outright.
 */
export function isAllowedServerUrl(value: string, mode: string = import.meta.env.MODE): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return false;
  if (url.protocol === 'https:') return true;
  return (
    mode !== 'production' &&
    url.protocol === 'http:' &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  );
}

/** The real service's API servers, offered as presets; anything else is a custom server. */
export const SERVER_PRESETS = ['https://api.infini-cloud.net', 'https://api.teracloud.jp'] as const;

/**
 * Whether a server may receive the build's application key: the publisher registered it with the
 * real service, so only the preset servers get it (in the test builds also plain-http loopback,
 * where the simulator stands in for them). A custom server never sees the publisher's key.
 */
export function takesAppKey(baseUrl: string, mode: string = import.meta.env.MODE): boolean {
  if ((SERVER_PRESETS as readonly string[]).includes(baseUrl)) return true;
  return isAllowedServerUrl(baseUrl, mode) && new URL(baseUrl).protocol === 'http:';
}

const NODE_HOST =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(\d{1,5}))?$/i;

/**
 * The node server's origin: the API base URL's scheme with getUser's `node` (a host, or
 * host:port). Anything else (a path, `@`, a scheme, spaces) is an invalid response, so a
 * tampered answer can never send credentials elsewhere.
 */
export function nodeOrigin(baseUrl: string, node: string): Result<string> {
  if (!isAllowedServerUrl(baseUrl)) return fail({ kind: 'not-configured', missing: ['baseUrl'] });
  const match = NODE_HOST.exec(node);
  const port = match?.[1] === undefined ? 0 : Number(match[1]);
  if (!match || node.length > 253 || port > 65_535) {
    return fail({ kind: 'invalid-response', reason: 'bad-node' });
  }
  return ok(`${new URL(baseUrl).protocol}//${node.toLowerCase()}`);
}
