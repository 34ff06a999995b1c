import type { Account } from '../store/accounts';
import { bonusShortfall, type BonusShortfall } from './bonus';
import type { DatasetCapacity } from '../service/answers';
import type { Failure } from '../service/failures';
import { forecast, type Forecast } from './forecast';
import type { HistoryPoint } from '../store/history';
import type { Settings } from '../store/settings';
import {
  checkState,
  type AccountSnapshot,
  type Alerts,
  type CheckState,
} from '../store/account-state';
import { DAY_MS, dayOf } from '../basics/time';
import { usageAlert, usagePercent } from './usage-level';
import { SIGN_IN_FIRST_NOTICE_MS } from './standing';

// Which notices are due for an account, from what it was already told: pure. Their words and ids
// are lib/outlook/notice-words.ts; the background shows them (lib/background/display.ts).

/**
 * When to tell about a sign-in that keeps failing, counted from when the failures began:
 * after the grace that makes a failure an outage (SIGN_IN_FIRST_NOTICE_MS, a day), again
 * after a week, then every 30 days while it still fails.
 */
export const SIGN_IN_REMINDER_MS = 7 * DAY_MS;
export const SIGN_IN_REPEAT_MS = 30 * DAY_MS;

/** "Full in about N days" is told once when N comes within 14 days, and again only after it moved past 28. */
export const FORECAST_NOTICE_DAYS = 14;
export const FORECAST_REARM_DAYS = 28;

/** Something the user should be told about one account. */
export type Notice =
  | { kind: 'usage'; level: 'warning' | 'critical'; percent: number }
  | { kind: 'sign-in-failing'; failure: Failure; failingSince: number; lastSuccessAt?: number }
  | { kind: 'sign-in-recovered' }
  | { kind: 'forecast'; days: number }
  | { kind: 'bonus-ending'; shortfall: BonusShortfall };

/**
 * What one decider says: the new record of what the user was told, and the notice to show, if
 * any. `allowed` is whether its notices are switched on (its switch and the account's): only a
 * notice shown counts as told, so one switched on later is heard then.
 */
export interface Decision {
  alerts: Alerts;
  notice?: Notice;
}

/** A usage level crossed upwards is told once; falling back below it (by the margin) re-arms it. */
export function usageNotice(
  alerts: Alerts,
  capacity: DatasetCapacity | undefined,
  settings: Pick<Settings, 'warningPercent' | 'criticalPercent'>,
  allowed: boolean,
): Decision {
  const percent = capacity && usagePercent(capacity);
  if (percent === undefined) return { alerts };
  const usage = usageAlert(alerts.usage, percent, settings);
  const next = { ...alerts, usage: usage.notified };
  return usage.notify && allowed
    ? { alerts: next, notice: { kind: 'usage', level: usage.notify, percent } }
    : { alerts: next };
}

/** "Full in about N days" once N comes within 14 days; re-armed when it moves past 28 or usage stops rising. */
export function forecastNotice(alerts: Alerts, outlook: Forecast, allowed: boolean): Decision {
  if (outlook.kind === 'filling' && outlook.days <= FORECAST_NOTICE_DAYS && !alerts.forecast) {
    return allowed
      ? { alerts: { ...alerts, forecast: true }, notice: { kind: 'forecast', days: outlook.days } }
      : { alerts };
  }
  if (
    outlook.kind === 'not-filling' ||
    (outlook.kind === 'filling' && outlook.days > FORECAST_REARM_DAYS)
  ) {
    return { alerts: { ...alerts, forecast: false } };
  }
  return { alerts };
}

/** A bonus whose end leaves the account over its capacity: told once per bonus period. */
export function bonusNotice(
  alerts: Alerts,
  shortfall: BonusShortfall | undefined,
  allowed: boolean,
): Decision {
  if (!shortfall || shortfall.period === alerts.bonusEnd || !allowed) return { alerts };
  return {
    alerts: { ...alerts, bonusEnd: shortfall.period },
    notice: { kind: 'bonus-ending', shortfall },
  };
}

/** Whether the next "sign-in is failing" notice is due, given the ones already shown. */
function signInNoticeDue(alerts: Alerts, failingSince: number, now: number): boolean {
  if (alerts.signInNotices === 0) return now - failingSince > SIGN_IN_FIRST_NOTICE_MS;
  if (alerts.signInNotices === 1) return now - failingSince > SIGN_IN_REMINDER_MS;
  return now - (alerts.signInNoticeAt ?? failingSince) >= SIGN_IN_REPEAT_MS;
}

/** A failing sign-in: told after a day, a week, then monthly; "works again" only after a "failing" was shown. */
export function signInNotice(
  alerts: Alerts,
  signIn: CheckState,
  allowed: boolean,
  now: number,
): Decision {
  const { failure, lastSuccessAt, failingSince } = signIn;
  if (failure !== undefined && failingSince !== undefined) {
    if (!allowed || !signInNoticeDue(alerts, failingSince, now)) return { alerts };
    return {
      alerts: { ...alerts, signInNotices: alerts.signInNotices + 1, signInNoticeAt: now },
      notice: {
        kind: 'sign-in-failing',
        failure,
        failingSince,
        ...(lastSuccessAt !== undefined && { lastSuccessAt }),
      },
    };
  }
  if (failure !== undefined || alerts.signInNotices === 0) return { alerts };
  const recovered: Alerts = { ...alerts, signInNotices: 0 };
  delete recovered.signInNoticeAt;
  return allowed
    ? { alerts: recovered, notice: { kind: 'sign-in-recovered' } }
    : { alerts: recovered };
}

/**
 * Compares what the account's snapshot and usage history say with what the user has been
 * told, and returns what to tell now and the new record of it. Pure: the caller shows, then stores.
 */
export function decideNotices(
  account: Pick<Account, 'notifications'>,
  snapshot: AccountSnapshot,
  history: readonly HistoryPoint[],
  settings: Settings,
  now: number,
): { alerts: Alerts; notices: Notice[] } {
  const allowed = (setting: boolean) => setting && account.notifications;
  const { capacity } = snapshot;
  const deciders: ((alerts: Alerts) => Decision)[] = [
    (alerts) => usageNotice(alerts, capacity, settings, allowed(settings.notifyUsage)),
    (alerts) =>
      forecastNotice(alerts, forecast(history, dayOf(now)), allowed(settings.notifyForecast)),
    (alerts) =>
      bonusNotice(
        alerts,
        capacity && bonusShortfall(snapshot.user?.apiKey?.bonus, capacity, now),
        allowed(settings.notifyUsage),
      ),
    (alerts) =>
      signInNotice(alerts, checkState(snapshot, 'signIn'), allowed(settings.notifySignIn), now),
  ];
  return deciders.reduce<{ alerts: Alerts; notices: Notice[] }>(
    ({ alerts, notices }, decide) => {
      const decision = decide(alerts);
      return {
        alerts: decision.alerts,
        notices: decision.notice ? [...notices, decision.notice] : notices,
      };
    },
    { alerts: { ...snapshot.alerts }, notices: [] },
  );
}
