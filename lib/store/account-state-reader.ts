import { isCount, isObject, isTime } from '../basics/guards';
import { isFailure } from '../service/failures';
import type { DatasetCapacity, UserInfo } from '../service/answers';
import type { AccountSnapshot, Alerts, CheckState } from './account-state';
import type { UsageLevel } from './settings';

// Reads a stored snapshot (lib/store/reads.ts loads them through it): each part that is not
// what we wrote starts over, the rest is kept; the alerts' stored names are read into the
// product's (storedSnapshot in account-state.ts writes them back).

const LEVELS: readonly unknown[] = ['normal', 'warning', 'critical'];

function readCheckState(value: unknown): CheckState {
  const empty = { consecutiveFailures: 0 };
  if (!isObject(value) || !isCount(value.consecutiveFailures)) return empty;
  const times = ['lastAttemptAt', 'lastSuccessAt', 'failingSince', 'retryAt'] as const;
  if (times.some((key) => value[key] !== undefined && !isTime(value[key]))) return empty;
  if (value.failure !== undefined && !isFailure(value.failure)) return empty;
  return value as unknown as CheckState;
}

function readAlerts(value: unknown): Alerts {
  const v = isObject(value) ? value : {};
  // Under their stored names (STORED_ALERT_NAMES, spelled out: a page's bundle then keeps no
  // map of them). Before escalating reminders there was one flag (0.1.0's): one notice shown.
  const notices = isCount(v.keepAliveNotices)
    ? v.keepAliveNotices
    : v.keepAliveFailing === true
      ? 1
      : 0;
  return {
    usage: LEVELS.includes(v.usage) ? (v.usage as UsageLevel) : 'normal',
    signInNotices: notices,
    ...(isTime(v.keepAliveNoticeAt) && { signInNoticeAt: v.keepAliveNoticeAt }),
    forecast: v.forecast === true,
    ...(typeof v.bonusEnd === 'string' && { bonusEnd: v.bonusEnd }),
  };
}

/**
 * A stored user is kept whenever it says when it was read: its details are only shown, and the
 * pages show an odd one as unknown. Its node is used to send credentials, so a node that is not
 * text is read again from getUser (see readSnapshot).
 */
const isStoredUser = (value: unknown): value is UserInfo & { at: number } =>
  isObject(value) && isTime(value.at);

const isStoredCapacity = (value: unknown): value is DatasetCapacity & { at: number } =>
  isObject(value) && isCount(value.quota) && isCount(value.used) && isTime(value.at);

/** A stored snapshot read part by part: what is damaged starts over, the rest is kept. */
export function readSnapshot(value: unknown): AccountSnapshot {
  const v = isObject(value) ? value : {};
  return {
    ...(typeof v.identity === 'string' && { identity: v.identity }),
    ...(isStoredUser(v.user) && { user: v.user }),
    ...(isStoredCapacity(v.capacity) && { capacity: v.capacity }),
    ...((v.nodeStale === true || (isStoredUser(v.user) && typeof v.user.node !== 'string')) && {
      nodeStale: true,
    }),
    keepAlive: readCheckState(v.keepAlive),
    refresh: readCheckState(v.refresh),
    alerts: readAlerts(v.alerts),
  };
}
