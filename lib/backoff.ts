import type { Failure } from './failures';
import type { Task } from './settings';
import { DAY_MS, MINUTE_MS } from './time';

/** The first retry: a minute for the keep-alive; capacity is never polled more than every 5 minutes. */
const FIRST_RETRY_MS: Record<Task, number> = { keepAlive: MINUTE_MS, refresh: 5 * MINUTE_MS };

/**
 * When to retry a task after its n-th consecutive failure: doubling from the first retry,
 * no sooner than the server's Retry-After, and never later than the task's normal interval
 * (nor a day, for the keep-alive): a server's answer can delay the keep-alive, never stop it.
 * Undefined when retrying cannot help (the account is incomplete or lacks its permission).
 */
export function retryDelay(task: Task, failures: number, failure: Failure, intervalMs: number): number | undefined {
  if (failure.kind === 'not-configured' || failure.kind === 'permission-missing') return undefined;
  const first = FIRST_RETRY_MS[task];
  const latest = Math.max(first, task === 'keepAlive' ? Math.min(intervalMs, DAY_MS) : intervalMs);
  const doubled = first * 2 ** Math.min(Math.max(failures, 1) - 1, 30);
  const asked = failure.kind === 'rate-limited' ? (failure.retryAfterMs ?? 0) : 0;
  // A nonsense Retry-After (negative, not a number) asks for nothing.
  const serverDelay = Number.isFinite(asked) && asked > 0 ? asked : 0;
  return Math.min(Math.max(doubled, serverDelay), latest);
}
