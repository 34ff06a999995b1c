import { accountIdentity, type Account } from './accounts';
import type { Failure, Result } from '../service/failures';
import type { DatasetCapacity, UserInfo } from '../service/answers';
import type { UsageLevel } from './settings';
import { STORED_ALERT_NAMES } from './stored-names';

/** The two checks of an account: the sign-in (getUser, which keeps the account alive) and the usage update (the capacity call). */
export type Check = 'signIn' | 'usageUpdate';

/** How one check of one account has been going. */
export interface CheckState {
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
  /** "Sign-in is failing" notices shown in the current run of failures. */
  signInNotices: number;
  /** When the last of them was shown. */
  signInNoticeAt?: number;
  /** "Full in N days" was told, and not re-armed since (see lib/outlook/notices.ts). */
  forecast: boolean;
  /** The bonus period (its end, as sent) whose end was warned about. */
  bonusEnd?: string;
}

type AlertNames = typeof STORED_ALERT_NAMES;

/** The alerts as stored: the sign-in's notices under the first release's names. */
export type StoredAlerts = Omit<Alerts, keyof AlertNames> & {
  [STORED_ALERT_NAMES.signInNotices]: number;
  [STORED_ALERT_NAMES.signInNoticeAt]?: number;
};

/** Everything the extension knows about one account, as stored and shown. */
export interface AccountSnapshot {
  /** Whose data this is (server and user ID when recorded): another's data is never shown or used. */
  identity?: string;
  user?: UserInfo & { at: number };
  capacity?: DatasetCapacity & { at: number };
  /** The cached node failed to resolve or answered 404: read it again from getUser. */
  nodeStale?: boolean;
  /** The sign-in's state (stored under its first name: a stored name, kept, lib/store/stored-names.ts). */
  keepAlive: CheckState;
  /** The usage update's state (stored under its first name, likewise). */
  refresh: CheckState;
  alerts: Alerts;
}

/** How a check of this account has been going (stored under the names the first release gave them). */
export const checkState = (snapshot: AccountSnapshot, check: Check): CheckState =>
  check === 'signIn' ? snapshot.keepAlive : snapshot.refresh;

/** The snapshot with a check's state replaced. */
export const withCheckState = (
  snapshot: AccountSnapshot,
  check: Check,
  state: CheckState,
): AccountSnapshot =>
  check === 'signIn' ? { ...snapshot, keepAlive: state } : { ...snapshot, refresh: state };

/** A snapshot as stored (AccountSnapshot, its alerts under their stored names). */
export type StoredAccountSnapshot = Omit<AccountSnapshot, 'alerts'> & { alerts: StoredAlerts };

/** The snapshot to store: its alerts under their stored names (readSnapshot reads them back). */
export function storedSnapshot(snapshot: AccountSnapshot): StoredAccountSnapshot {
  const { signInNotices, signInNoticeAt, ...alerts } = snapshot.alerts;
  return {
    ...snapshot,
    alerts: {
      ...alerts,
      [STORED_ALERT_NAMES.signInNotices]: signInNotices,
      ...(signInNoticeAt !== undefined && { [STORED_ALERT_NAMES.signInNoticeAt]: signInNoticeAt }),
    },
  };
}

export const emptySnapshot = (identity?: string): AccountSnapshot => ({
  ...(identity !== undefined && { identity }),
  keepAlive: { consecutiveFailures: 0 },
  refresh: { consecutiveFailures: 0 },
  alerts: { usage: 'normal', signInNotices: 0, forecast: false },
});

/**
 * The account's stored snapshot, if it is about this account as it is now: after its server
 * or user ID changed, what the old one said (node, user details, figures) is forgotten.
 */
export function snapshotFor(
  account: Pick<Account, 'baseUrl' | 'userId'>,
  stored: AccountSnapshot | undefined,
): AccountSnapshot {
  const identity = accountIdentity(account);
  // Snapshots written before identities were recorded belong to the account they are filed under.
  if (stored && (stored.identity === undefined || stored.identity === identity)) return stored;
  return emptySnapshot(identity);
}

/** A check's state after an attempt that ended at `at`, with its retry time if it failed. */
export function recordAttempt(
  state: CheckState,
  at: number,
  outcome: Result<unknown>,
  retryDelay: (failures: number, failure: Failure) => number | undefined,
): CheckState {
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
  return checkState(snapshot, 'signIn').failure ?? checkState(snapshot, 'usageUpdate').failure;
}
