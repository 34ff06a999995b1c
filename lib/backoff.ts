import type { Failure } from './failures';

const FIRST_RETRY_MS = 60_000;

/**
 * When to retry after the n-th consecutive failure: exponential from a minute, never later
 * than the task's normal interval, but never sooner than the server's Retry-After.
 * Undefined when retrying cannot help (the account is incomplete or lacks its permission).
 */
export function retryDelay(failures: number, failure: Failure, intervalMs: number): number | undefined {
  if (failure.kind === 'not-configured' || failure.kind === 'permission-missing') return undefined;
  const exponential = Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30), intervalMs);
  const retryAfter = failure.kind === 'rate-limited' ? (failure.retryAfterMs ?? 0) : 0;
  return Math.max(exponential, retryAfter);
}
