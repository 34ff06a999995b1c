import { isAllowedServerUrl, nodeOrigin, takesAppKey } from './addresses';
import { appApiKey } from './app-key';
import { fail, type Failure, type Result } from './failures';
import { isHeaderSafe } from './header-value';
import { parseRetryAfter } from './retry-after';
import {
  parseCapacityResponse,
  parseUserResponse,
  type DatasetCapacity,
  type UserInfo,
} from './answers';

/** How the API key travels: the `X-Service-API-KEY` header, or `;api_key=` on the path. */
export const KEY_FORMS = ['header', 'matrix'] as const;
export type KeyForm = (typeof KEY_FORMS)[number];

/** Whose API key an account sends: the build's application key (by reference), or its own. */
export type KeySource = 'app' | 'own';

/** What a test of unsaved account settings found, call by call. */
export interface ConnectionReport {
  user: Result<UserInfo>;
  /** Absent when getUser failed, so the node is unknown. */
  capacity?: Result<DatasetCapacity>;
  /** The node server's origin, so the Settings page can ask for its permission. */
  nodeOrigin?: string;
}

/** What a call needs to know about an account. */
export interface ServiceCredentials {
  baseUrl: string;
  userId: string;
  password: string;
  /** The account's own key; empty when it uses the application key. */
  apiKey: string;
  keyForm: KeyForm;
  /** Absent on accounts stored before the build could carry a key: those send their own. */
  keySource?: KeySource;
}

/**
 * The API key a request carries: the build's application key for an account that uses it (only
 * to the servers it was issued for: none otherwise), else the account's own.
 */
export function requestKey({
  apiKey,
  keySource,
  baseUrl,
}: Pick<ServiceCredentials, 'apiKey' | 'keySource' | 'baseUrl'>): string {
  if (keySource !== 'app') return apiKey;
  return takesAppKey(baseUrl) ? appApiKey() : '';
}

export const USER_PATH = '/v2/api/ba/user';
export const CAPACITY_PATH = '/v2/api/ba/dataset/(capacity)';
/** The largest answer read (decoded bytes): real ones are under 2 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 20_000;

interface ServiceApiOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The service's two read-only calls. Each resolves to a Result and never throws. */
export function createServiceApi({
  fetch = (...args) => globalThis.fetch(...args),
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: ServiceApiOptions = {}) {
  async function call<T>(
    origin: string,
    path: string,
    credentials: ServiceCredentials,
    parse: (body: unknown) => Result<T>,
    stop?: AbortSignal,
  ): Promise<Result<T>> {
    const refused = unsendable(credentials);
    if (refused) return fail(refused);
    const { url, headers } = buildRequest(origin, path, credentials);
    let text: string | undefined;
    try {
      // Never follow a redirect: the browser would re-send the API key header to the new origin.
      const response = await fetch(url, {
        headers,
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
        // `stop`: the account was edited meanwhile, and its credentials go nowhere but where it now says.
        signal: stop
          ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop])
          : AbortSignal.timeout(timeoutMs),
      });
      const failure = statusFailure(response);
      if (failure) return fail(failure);
      text = await readText(response, MAX_BODY_BYTES);
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return fail(timedOut ? { kind: 'timeout', afterMs: timeoutMs } : { kind: 'network' });
    }
    if (text === undefined) return fail({ kind: 'invalid-response', reason: 'too-large' });
    return readBody(text, parse);
  }

  return {
    /**
     * getUser on the API server. The service records it as a login: this is the sign-in.
     * `stop` aborts it (and ends it as a network failure), as getCapacity's.
     */
    getUser: async (
      credentials: ServiceCredentials,
      stop?: AbortSignal,
    ): Promise<Result<UserInfo>> => {
      const user = await call(
        credentials.baseUrl,
        USER_PATH,
        credentials,
        (body) => {
          const parsed = parseUserResponse(body);
          if (!parsed.ok) return parsed;
          const node = nodeOrigin(credentials.baseUrl, parsed.value.node);
          return node.ok ? parsed : node;
        },
        stop,
      );
      // The API server has no such path: the address is wrong, not the account's data missing.
      return !user.ok && user.failure.kind === 'not-found'
        ? fail({ kind: 'server-not-found' })
        : user;
    },

    /** getDatasetCapacity on the node server named by getUser's `node`. */
    getCapacity: (
      credentials: ServiceCredentials,
      node: string,
      stop?: AbortSignal,
    ): Promise<Result<DatasetCapacity>> => {
      const origin = nodeOrigin(credentials.baseUrl, node);
      if (!origin.ok) return Promise.resolve(origin);
      return call(origin.value, CAPACITY_PATH, credentials, parseCapacityResponse, stop);
    },
  };
}

export type ServiceApi = ReturnType<typeof createServiceApi>;

/** Why these credentials must not be sent at all, if they must not. */
function unsendable(credentials: ServiceCredentials): Failure | undefined {
  if (!isAllowedServerUrl(credentials.baseUrl))
    return { kind: 'not-configured', missing: ['baseUrl'] };
  const apiKey = requestKey(credentials);
  // No key to send (an application key this server may not have): nothing goes out.
  if (apiKey === '') return { kind: 'not-configured', missing: ['apiKey'] };
  if (credentials.keyForm === 'header' && !isHeaderSafe(apiKey))
    return { kind: 'api-key-unsendable' };
  return undefined;
}

/** The URL and headers of one call: Basic auth, and the API key in the chosen form. */
function buildRequest(origin: string, path: string, credentials: ServiceCredentials) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: basicAuth(credentials.userId, credentials.password),
  };
  const apiKey = requestKey(credentials);
  let fullPath = path;
  if (credentials.keyForm === 'matrix') fullPath += `;api_key=${encodeURIComponent(apiKey)}`;
  else headers['X-Service-API-KEY'] = apiKey;
  return { url: new URL(fullPath, origin).href, headers };
}

/** `Basic base64(user:password)` over UTF-8 bytes (`btoa` alone rejects non-Latin-1 text). */
function basicAuth(userId: string, password: string): string {
  const bytes = new TextEncoder().encode(`${userId}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function statusFailure(response: Response): Failure | undefined {
  const { status } = response;
  // A browser reports a manual redirect as an opaque response with status 0.
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return { kind: 'redirect-refused', status };
  }
  if (status === 200) return undefined;
  if (status === 202) return { kind: 'node-not-ready' };
  if (status === 401) return { kind: 'credentials-rejected' };
  if (status === 403) return { kind: 'api-key-rejected' };
  if (status === 404) return { kind: 'not-found' };
  // Retry-After is sent with 429 and 503 (RFC 9110, 10.2.3).
  const retryAfterMs =
    status === 429 || status === 503
      ? parseRetryAfter(response.headers.get('Retry-After'))
      : undefined;
  const asked = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 429) return { kind: 'rate-limited', ...asked };
  if (status >= 500) return { kind: 'server-error', status, ...asked };
  return { kind: 'http-error', status };
}

/**
 * The body as text, or undefined once more than `limit` bytes arrive. Counted on the stream
 * fetch has already decoded, so neither a missing Content-Length nor a gzip bomb gets past it.
 */
async function readText(response: Response, limit: number): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Reads a 200 body: empty, HTML, malformed JSON and `result` ≠ 0 each get their own failure. */
export function readBody<T>(text: string, parse: (body: unknown) => Result<T>): Result<T> {
  const trimmed = text.trim();
  if (trimmed === '') return fail({ kind: 'invalid-response', reason: 'empty' });
  if (trimmed.startsWith('<')) return fail({ kind: 'invalid-response', reason: 'html' });
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    return fail({ kind: 'invalid-response', reason: 'malformed-json' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail({ kind: 'invalid-response', reason: 'not-an-object' });
  }
  const { result } = body as { result?: unknown };
  if (typeof result === 'number' && Number.isInteger(result) && result !== 0) {
    return fail({ kind: 'service-error', code: result });
  }
  return parse(body);
}
