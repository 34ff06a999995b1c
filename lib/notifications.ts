import { browser } from 'wxt/browser';
import { accountName, type Account } from './accounts';
import type { Failure } from './failures';
import { describeFailure } from './failure-text';
import { formatDateTime, formatPercent } from './format';
import { t, uiLocale } from './i18n';
import type { Settings } from './settings';
import type { AccountSnapshot, Alerts } from './snapshot';
import { DAY_MS } from './time';
import { usageAlert, usagePercent } from './usage';

/**
 * When to tell about a keep-alive that keeps failing, counted from when the failures began
 * (a single failed check at a laptop's wake-up is never news): after a day, again after a
 * week, then every 30 days while it still fails.
 */
export const KEEP_ALIVE_FIRST_NOTICE_MS = DAY_MS;
export const KEEP_ALIVE_REMINDER_MS = 7 * DAY_MS;
export const KEEP_ALIVE_REPEAT_MS = 30 * DAY_MS;

/** Something the user should be told about one account. */
export type Notice =
  | { kind: 'usage'; level: 'warning' | 'critical'; percent: number }
  | { kind: 'keep-alive-failing'; failure: Failure; failingSince: number; lastSuccessAt?: number }
  | { kind: 'keep-alive-recovered' };

/** Whether the next "keep-alive is failing" notice is due, given the ones already shown. */
function keepAliveNoticeDue(alerts: Alerts, failingSince: number, now: number): boolean {
  if (alerts.keepAliveNotices === 0) return now - failingSince > KEEP_ALIVE_FIRST_NOTICE_MS;
  if (alerts.keepAliveNotices === 1) return now - failingSince > KEEP_ALIVE_REMINDER_MS;
  return now - (alerts.keepAliveNoticeAt ?? failingSince) >= KEEP_ALIVE_REPEAT_MS;
}

/**
 * Compares what the account's snapshot says with what the user has been told, and returns
 * what to tell now and the new record of it. Pure: the caller shows, then stores.
 */
export function decideNotices(
  account: Pick<Account, 'notifications'>,
  snapshot: AccountSnapshot,
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

/** Shows a notice. Its id says what a click opens: usage → overview, keep-alive → options. */
export async function showNotice(account: Account, notice: Notice): Promise<void> {
  const name = accountName(account);
  const locale = uiLocale();
  const [id, title, message] =
    notice.kind === 'usage'
      ? [
          `usage:${account.id}`,
          t(notice.level === 'critical' ? 'noticeUsageCriticalTitle' : 'noticeUsageWarningTitle', [name]),
          t('noticeUsageMessage', [formatPercent(notice.percent, locale)]),
        ]
      : notice.kind === 'keep-alive-failing'
        ? [
            `keep-alive:${account.id}`,
            t('noticeKeepAliveFailingTitle', [name]),
            `${describeFailure(notice.failure).message} ${
              notice.lastSuccessAt === undefined
                ? t('noticeNeverKeptAlive')
                : t('noticeLastKeptAlive', [formatDateTime(notice.lastSuccessAt, locale)])
            }`,
          ]
        : [`keep-alive:${account.id}`, t('noticeKeepAliveRecoveredTitle', [name]), t('noticeKeepAliveRecoveredMessage')];
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
  });
}

/** Opens what a clicked notification is about. */
export async function openNoticeTarget(notificationId: string): Promise<void> {
  await browser.notifications.clear(notificationId);
  if (notificationId.startsWith('usage:')) {
    // The popup can only be opened from a gesture in some browsers: fall back to a tab.
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  } else {
    await browser.runtime.openOptionsPage();
  }
}
