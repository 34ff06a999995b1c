/**
 * Every failure the user can see, as one closed union. The UI names each kind and says
 * what to do; nothing is ever recognised by message text. No variant carries a credential.
 */
export type Failure =
  /** Fields left empty, or (baseUrl) not an address credentials may go to. */
  | { kind: 'not-configured'; missing: CredentialField[] }
  | { kind: 'permission-missing'; origin: string }
  | { kind: 'credentials-rejected' }
  | { kind: 'api-key-rejected' }
  /** The key holds a character a header cannot carry (line break, non-Latin-1): never sent. */
  | { kind: 'api-key-unsendable' }
  | { kind: 'node-not-ready' }
  /** The capacity call's 404: the node does not hold this account's data (looked up again). */
  | { kind: 'not-found' }
  /** getUser's 404: the API server address is wrong (a mistyped custom address). */
  | { kind: 'server-not-found' }
  | { kind: 'rate-limited'; retryAfterMs?: number }
  /** 5xx; a 503 may say when to come back. */
  | { kind: 'server-error'; status: number; retryAfterMs?: number }
  | { kind: 'http-error'; status: number }
  | { kind: 'service-error'; code: number }
  | { kind: 'invalid-response'; reason: InvalidAnswer; field?: string }
  | { kind: 'redirect-refused'; status: number }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'network' };

/** Every failure kind, to recognise a stored failure. */
const FAILURE_KINDS: ReadonlySet<string> = new Set<Failure['kind']>([
  'not-configured',
  'permission-missing',
  'api-key-unsendable',
  'credentials-rejected',
  'api-key-rejected',
  'node-not-ready',
  'not-found',
  'server-not-found',
  'rate-limited',
  'server-error',
  'http-error',
  'service-error',
  'invalid-response',
  'redirect-refused',
  'timeout',
  'network',
]);

/** Whether a stored value is a failure this version can describe. */
export function isFailure(value: unknown): value is Failure {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && FAILURE_KINDS.has(kind);
}

/** What was wrong with an answer the service sent: shown in words from the catalogues. */
export type InvalidAnswer =
  | 'too-large'
  | 'empty'
  | 'html'
  | 'malformed-json'
  | 'not-an-object'
  | 'no-result'
  | 'missing-field'
  | 'invalid-field'
  | 'bad-node';

export type CredentialField = 'baseUrl' | 'userId' | 'password' | 'apiKey';

/** A call's outcome: the value, or the failure the user will be shown. */
export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (failure: Failure): { ok: false; failure: Failure } => ({ ok: false, failure });

/** Whether the cached node host should be re-read from getUser after this failure. */
export function invalidatesNode(failure: Failure): boolean {
  return failure.kind === 'not-found' || failure.kind === 'network';
}

/**
 * Failures only the user can end (a rejected password or key, access not granted, an account
 * that is incomplete, a key that cannot be sent, a server address that answers wrongly):
 * waiting does not help, so they are shown at once.
 */
const NEEDS_THE_USER: ReadonlySet<Failure['kind']> = new Set<Failure['kind']>([
  'not-configured',
  'permission-missing',
  'credentials-rejected',
  'api-key-rejected',
  'api-key-unsendable',
  'redirect-refused',
  'http-error',
  'server-not-found',
]);

/** Whether only the user can end this failure (the rest pass by themselves: network, timeout, server error, rate limit). */
export const needsTheUser = (failure: Failure): boolean => NEEDS_THE_USER.has(failure.kind);

/** Failures where nothing was sent (the account is incomplete, its key unsendable or its access not granted): no retry helps. */
const NOTHING_SENT: ReadonlySet<Failure['kind']> = new Set<Failure['kind']>([
  'not-configured',
  'api-key-unsendable',
  'permission-missing',
]);

/** Whether nothing is sent for this account until the user changes it (it is paused, not retried). */
export const sendsNothing = (failure: Failure): boolean => NOTHING_SENT.has(failure.kind);
