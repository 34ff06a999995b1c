import { accountIdentity, type Account } from './accounts';
import { isCount, isObject, isTime } from '../guards';
import { isFailure, type Failure, type Result } from '../service/failures';
import type { DatasetCapacity, UserInfo } from '../service/answers';
import type { UsageLevel } from '../outlook/usage-level';

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

/** What the user has been told, so each change is notified once. */
export interface Alerts {
  usage: UsageLevel;
  /** "Keep-alive is failing" notices shown in the current run of failures. */
  keepAliveNotices: number;
  /** When the last of them was shown. */
  keepAliveNoticeAt?: number;
  /** "Full in N days" was told, and not re-armed since (see lib/background/notices.ts). */
  forecast: boolean;
  /** The bonus period (its end, as sent) whose end was warned about. */
  bonusEnd?: string;
}

/** Everything the extension knows about one account, as stored and shown. */
export interface AccountSnapshot {
  /** Whose data this is (server and user ID when recorded): another's data is never shown or used. */
  identity?: string;
  user?: UserInfo & { at: number };
  capacity?: DatasetCapacity & { at: number };
  /** The cached node failed to resolve or answered 404: read it again from getUser. */
  nodeStale?: boolean;
  keepAlive: TaskState;
  refresh: TaskState;
  alerts: Alerts;
}

export const emptySnapshot = (identity?: string): AccountSnapshot => ({
  ...(identity !== undefined && { identity }),
  keepAlive: { consecutiveFailures: 0 },
  refresh: { consecutiveFailures: 0 },
  alerts: { usage: 'normal', keepAliveNotices: 0, forecast: false },
});

/**
 * The account's stored snapshot, if it is about this account as it is now: after its server
 * or user ID changed, what the old one said (node, user details, figures) is forgotten.
 */
export function snapshotFor(account: Pick<Account, 'baseUrl' | 'userId'>, stored: AccountSnapshot | undefined): AccountSnapshot {
  const identity = accountIdentity(account);
  // Snapshots written before identities were recorded belong to the account they are filed under.
  if (stored && (stored.identity === undefined || stored.identity === identity)) return stored;
  return emptySnapshot(identity);
}

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

// ---- reading a stored snapshot: each part that is not what we wrote starts over ----------

const LEVELS: readonly unknown[] = ['normal', 'warning', 'critical'];

function readTaskState(value: unknown): TaskState {
  const empty = { consecutiveFailures: 0 };
  if (!isObject(value) || !isCount(value.consecutiveFailures)) return empty;
  const times = ['lastAttemptAt', 'lastSuccessAt', 'failingSince', 'retryAt'] as const;
  if (times.some((key) => value[key] !== undefined && !isTime(value[key]))) return empty;
  if (value.failure !== undefined && !isFailure(value.failure)) return empty;
  return value as unknown as TaskState;
}

function readAlerts(value: unknown): Alerts {
  const v = isObject(value) ? value : {};
  // Before escalating reminders there was one flag: it counts as one notice shown.
  const notices = isCount(v.keepAliveNotices) ? v.keepAliveNotices : v.keepAliveFailing === true ? 1 : 0;
  return {
    usage: LEVELS.includes(v.usage) ? (v.usage as UsageLevel) : 'normal',
    keepAliveNotices: notices,
    ...(isTime(v.keepAliveNoticeAt) && { keepAliveNoticeAt: v.keepAliveNoticeAt }),
    forecast: v.forecast === true,
    ...(typeof v.bonusEnd === 'string' && { bonusEnd: v.bonusEnd }),
  };
}

/**
 * A stored user is kept whenever it says when it was read: its details are only shown, and the
 * pages show an odd one as unknown. Its node is used to send credentials, so a node that is not
 * text is read again from getUser (see readSnapshot).
 */
const isStoredUser = (value: unknown): value is UserInfo & { at: number } => isObject(value) && isTime(value.at);

const isStoredCapacity = (value: unknown): value is DatasetCapacity & { at: number } =>
  isObject(value) && isCount(value.quota) && isCount(value.used) && isTime(value.at);

/** A stored snapshot read part by part: what is damaged starts over, the rest is kept. */
export function readSnapshot(value: unknown): AccountSnapshot {
  const v = isObject(value) ? value : {};
  return {
    ...(typeof v.identity === 'string' && { identity: v.identity }),
    ...(isStoredUser(v.user) && { user: v.user }),
    ...(isStoredCapacity(v.capacity) && { capacity: v.capacity }),
    ...((v.nodeStale === true || (isStoredUser(v.user) && typeof v.user.node !== 'string')) && { nodeStale: true }),
    keepAlive: readTaskState(v.keepAlive),
    refresh: readTaskState(v.refresh),
    alerts: readAlerts(v.alerts),
  };
}
