import type { Failure, Result } from './failures';
import type { DatasetCapacity, UserInfo } from './service-schemas';

/** How one task (keep-alive or capacity refresh) of one account has been going. */
export interface TaskState {
  lastAttemptAt?: number;
  lastSuccessAt?: number;
  /** The last attempt's failure; absent after a success. */
  failure?: Failure;
  /** When the current run of failures began. */
  failingSince?: number;
  consecutiveFailures: number;
  /** When the backed-off retry is due. */
  retryAt?: number;
}

export type UsageLevel = 'normal' | 'warning' | 'critical';

/** Everything the extension knows about one account, as stored and shown. */
export interface AccountSnapshot {
  user?: UserInfo & { at: number };
  capacity?: DatasetCapacity & { at: number };
  /** The cached node failed to resolve or answered 404: read it again from getUser. */
  nodeStale?: boolean;
  keepAlive: TaskState;
  refresh: TaskState;
  /** What the user has been told, so each crossing is notified once. */
  alerts: { usage: UsageLevel; keepAliveFailing: boolean };
}

export const emptySnapshot = (): AccountSnapshot => ({
  keepAlive: { consecutiveFailures: 0 },
  refresh: { consecutiveFailures: 0 },
  alerts: { usage: 'normal', keepAliveFailing: false },
});

/** A task's state after an attempt that ended at `at`, with its retry time if it failed. */
export function recordAttempt(
  state: TaskState,
  at: number,
  outcome: Result<unknown>,
  retryDelay: (failures: number, failure: Failure) => number | undefined,
): TaskState {
  if (outcome.ok) return { lastAttemptAt: at, lastSuccessAt: at, consecutiveFailures: 0 };
  const consecutiveFailures = state.consecutiveFailures + 1;
  const delay = retryDelay(consecutiveFailures, outcome.failure);
  return {
    ...(state.lastSuccessAt !== undefined && { lastSuccessAt: state.lastSuccessAt }),
    lastAttemptAt: at,
    failure: outcome.failure,
    failingSince: state.failingSince ?? at,
    consecutiveFailures,
    ...(delay !== undefined && { retryAt: at + delay }),
  };
}

/** The failure the user should see first for an account, if any. */
export function currentFailure(snapshot: AccountSnapshot): Failure | undefined {
  return snapshot.keepAlive.failure ?? snapshot.refresh.failure;
}
