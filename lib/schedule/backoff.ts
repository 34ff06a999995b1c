import { sendsNothing, type Failure } from '../service/failures';
import type { Check, CheckState } from '../store/account-state';
import { DAY_MS, MINUTE_MS } from '../basics/time';

// The backoff: when a failed check is tried again, and how long a server's own wait (a 429, a
// 503 with Retry-After) holds every check. Pure; when-due.ts reads these times.

/**
 * Until when the server asked us to wait before calling it again: a 429, or a 503 with a
 * Retry-After. That is the check's retry time, which backoff sets no sooner than the server asked
 * (retryDelay, below); a retry time stored further off (a broken version) holds a day at
 * most, the longest wait backoff grants a server. Undefined when the last failure asked for
 * nothing: our own backoff after a network error or a bare 5xx only ever brings a check forward. Pure.
 * Check now is held by it too (checkHeldUntil): a service rate-limited or overloaded that is
 * asked again and again can keep the account's key locked out longer, and would refuse the
 * click's request anyway; the page says when a check can go out.
 */
export function askedToWaitUntil({
  failure,
  lastAttemptAt,
  retryAt,
}: CheckState): number | undefined {
  if (
    !failure ||
    !serverAskedToWait(failure) ||
    lastAttemptAt === undefined ||
    retryAt === undefined
  )
    return undefined;
  return Math.min(retryAt, lastAttemptAt + SERVER_WAIT_LIMIT_MS);
}

/**
 * Failures only the user can fix (a rejected password or key, a refused redirect) wait up to
 * the check's interval between retries; an outage is tried again at least hourly, so a short
 * browser session after days offline still gets its sign-in through.
 */
const USER_FIXES: ReadonlySet<Failure['kind']> = new Set([
  'credentials-rejected',
  'api-key-rejected',
  'redirect-refused',
  'http-error',
  'server-not-found',
]);
const OUTAGE_RETRY_MS = 60 * MINUTE_MS;

/** Whether the user is the one to fix this failure, in the account's details or its access. */
export const fixedByTheUser = (failure: Failure): boolean =>
  sendsNothing(failure) || USER_FIXES.has(failure.kind);

/** The first retry: a minute for the sign-in; capacity is never polled more than every 5 minutes. */
const FIRST_RETRY_MS: Record<Check, number> = { signIn: MINUTE_MS, usageUpdate: 5 * MINUTE_MS };

/**
 * The longest wait a server's Retry-After can impose: a server's answer can delay the sign-in,
 * never stop it.
 */
export const SERVER_WAIT_LIMIT_MS = DAY_MS;

/**
 * How long the server asked us to wait (its Retry-After on a 429 or a 503); 0 when it asked for
 * nothing. A nonsense Retry-After (negative, not a number, infinite) asks for nothing.
 */
export function serverWaitMs(failure: Failure): number {
  const asked =
    failure.kind === 'rate-limited' || failure.kind === 'server-error'
      ? (failure.retryAfterMs ?? 0)
      : 0;
  return Number.isFinite(asked) && asked > 0 ? asked : 0;
}

/** Whether the server asked us to wait: any 429 (too many requests), or a 503 with a Retry-After. */
export const serverAskedToWait = (failure: Failure): boolean =>
  failure.kind === 'rate-limited' || serverWaitMs(failure) > 0;

/**
 * When to retry a check after its n-th consecutive failure: doubling from the first retry, never
 * later than the check's normal interval (nor a day, for the sign-in); but no sooner than the
 * server's Retry-After, even past the interval (nothing calls the server before it, see
 * askedToWaitUntil), up to a day.
 * Undefined when retrying cannot help: nothing was sent, and only the user can change that.
 */
export function retryDelay(
  check: Check,
  failures: number,
  failure: Failure,
  intervalMs: number,
): number | undefined {
  if (sendsNothing(failure)) return undefined;
  const first = FIRST_RETRY_MS[check];
  const latest = Math.max(first, check === 'signIn' ? Math.min(intervalMs, DAY_MS) : intervalMs);
  const longestDoubled = USER_FIXES.has(failure.kind)
    ? latest
    : Math.min(latest, Math.max(first, OUTAGE_RETRY_MS));
  const doubled = Math.min(first * 2 ** Math.min(Math.max(failures, 1) - 1, 30), longestDoubled);
  return Math.max(doubled, Math.min(serverWaitMs(failure), SERVER_WAIT_LIMIT_MS));
}
