import { browser } from 'wxt/browser';
import { accountName, type Account } from '../store/accounts';
import { bonusShortfall, type BonusShortfall } from '../outlook/bonus';
import type { Failure } from '../service/failures';
import { describeFailure } from '../service/failure-words';
import { forecast } from '../outlook/forecast';
import { formatBytes, formatDate, formatGb, formatPercent } from '../format';
import type { HistoryPoint } from '../store/history';
import { t, uiLocale } from '../i18n';
import { safetyLine } from '../outlook/deletion-date';
import type { Settings } from '../store/settings';
import type { AccountSnapshot, Alerts } from '../store/account-state';
import { DAY_MS, dayOf } from '../time';
import { usageAlert, usagePercent } from '../outlook/usage-level';

/**
 * When to tell about a keep-alive that keeps failing, counted from when the failures began
 * (a single failed check at a laptop's wake-up is never news): after a day, again after a
 * week, then every 30 days while it still fails.
 */
export const KEEP_ALIVE_FIRST_NOTICE_MS = DAY_MS;
export const KEEP_ALIVE_REMINDER_MS = 7 * DAY_MS;
export const KEEP_ALIVE_REPEAT_MS = 30 * DAY_MS;

/** "Full in about N days" is told once when N comes within 14 days, and again only after it moved past 28. */
export const FORECAST_NOTICE_DAYS = 14;
export const FORECAST_REARM_DAYS = 28;

/** Something the user should be told about one account. */
export type Notice =
  | { kind: 'usage'; level: 'warning' | 'critical'; percent: number }
  | { kind: 'keep-alive-failing'; failure: Failure; failingSince: number; lastSuccessAt?: number }
  | { kind: 'keep-alive-recovered' }
  | { kind: 'forecast'; days: number }
  | { kind: 'bonus-ending'; shortfall: BonusShortfall };

/** Whether the next "keep-alive is failing" notice is due, given the ones already shown. */
function keepAliveNoticeDue(alerts: Alerts, failingSince: number, now: number): boolean {
  if (alerts.keepAliveNotices === 0) return now - failingSince > KEEP_ALIVE_FIRST_NOTICE_MS;
  if (alerts.keepAliveNotices === 1) return now - failingSince > KEEP_ALIVE_REMINDER_MS;
  return now - (alerts.keepAliveNoticeAt ?? failingSince) >= KEEP_ALIVE_REPEAT_MS;
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
  const notices: Notice[] = [];
  const alerts: Alerts = { ...snapshot.alerts };
  const allowed = (setting: boolean) => setting && account.notifications;

  const percent = snapshot.capacity && usagePercent(snapshot.capacity);
  if (percent !== undefined) {
    const usage = usageAlert(alerts.usage, percent, settings);
    alerts.usage = usage.notified;
    if (usage.notify && allowed(settings.notifyUsage)) notices.push({ kind: 'usage', level: usage.notify, percent });
  }

  const outlook = forecast(history, dayOf(now));
  if (outlook.kind === 'filling' && outlook.days <= FORECAST_NOTICE_DAYS && !alerts.forecast) {
    // Only a notice shown counts: switched on later, the user hears it then.
    if (allowed(settings.notifyForecast)) {
      notices.push({ kind: 'forecast', days: outlook.days });
      alerts.forecast = true;
    }
  } else if (outlook.kind === 'not-filling' || (outlook.kind === 'filling' && outlook.days > FORECAST_REARM_DAYS)) {
    alerts.forecast = false;
  }

  const shortfall = snapshot.capacity && bonusShortfall(snapshot.user?.apiKey?.bonus, snapshot.capacity, now);
  if (shortfall && shortfall.period !== alerts.bonusEnd && allowed(settings.notifyUsage)) {
    notices.push({ kind: 'bonus-ending', shortfall });
    alerts.bonusEnd = shortfall.period;
  }

  const { failure, lastSuccessAt, failingSince } = snapshot.keepAlive;
  if (failure !== undefined && failingSince !== undefined) {
    // Only notices actually shown count: switched on later, the user hears where things stand.
    if (allowed(settings.notifyKeepAlive) && keepAliveNoticeDue(alerts, failingSince, now)) {
      notices.push({ kind: 'keep-alive-failing', failure, failingSince, ...(lastSuccessAt !== undefined && { lastSuccessAt }) });
      alerts.keepAliveNotices += 1;
      alerts.keepAliveNoticeAt = now;
    }
  } else if (failure === undefined && alerts.keepAliveNotices > 0) {
    // "Works again" only answers a "failing" the user was shown.
    if (allowed(settings.notifyKeepAlive)) notices.push({ kind: 'keep-alive-recovered' });
    alerts.keepAliveNotices = 0;
    delete alerts.keepAliveNoticeAt;
  }

  return { alerts, notices };
}

/** A notice in words, with its id: what a click opens (keep-alive → options, the rest → overview). */
function noticeText(account: Account, notice: Notice, now: number): [id: string, title: string, message: string] {
  const name = accountName(account);
  const locale = uiLocale();
  switch (notice.kind) {
    case 'usage':
      return [
        `usage:${account.id}`,
        t(notice.level === 'critical' ? 'noticeUsageCriticalTitle' : 'noticeUsageWarningTitle', [name]),
        t('noticeUsageMessage', [formatPercent(notice.percent, locale)]),
      ];
    case 'keep-alive-failing':
      return [
        `keep-alive:${account.id}`,
        t('noticeKeepAliveFailingTitle', [name]),
        `${describeFailure(notice.failure).message} ${safetyLine(notice.lastSuccessAt, locale)}`,
      ];
    case 'keep-alive-recovered':
      return [`keep-alive:${account.id}`, t('noticeKeepAliveRecoveredTitle', [name]), t('noticeKeepAliveRecoveredMessage')];
    case 'forecast':
      return [
        `forecast:${account.id}`,
        t('noticeForecastTitle', [name]),
        t('forecastFilling', [notice.days, formatDate(now + notice.days * DAY_MS, locale)]),
      ];
    case 'bonus-ending': {
      const { increaseGb, until, overBytes } = notice.shortfall;
      return [
        `bonus:${account.id}`,
        t('noticeBonusEndingTitle', [name]),
        t('bonusEnding', [formatGb(increaseGb, locale), formatDate(until, locale), formatBytes(overBytes, locale)]),
      ];
    }
  }
}

/** Shows a notice; `now` dates a forecast. */
export async function showNotice(account: Account, notice: Notice, now: number): Promise<void> {
  const [id, title, message] = noticeText(account, notice, now);
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icons/128.png'),
    title,
    message,
  });
}

/** Opens what a clicked notification is about. */
export async function openNoticeTarget(notificationId: string): Promise<void> {
  await browser.notifications.clear(notificationId);
  if (notificationId.startsWith('keep-alive:')) {
    await browser.runtime.openOptionsPage();
  } else {
    // The popup can only be opened from a gesture in some browsers: fall back to a tab.
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  }
}
