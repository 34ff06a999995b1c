import { browser } from 'wxt/browser';
import { accountName, type Account } from './accounts';
import type { Failure } from './failures';
import { describeFailure } from './failure-text';
import { formatDateTime, formatPercent } from './format';
import { t, uiLocale } from './i18n';
import type { Settings } from './settings';
import type { AccountSnapshot } from './snapshot';
import { usageAlert, usagePercent } from './usage';

/** Keep-alive may fail this long (browser clock) before the user is told. */
export const KEEP_ALIVE_GRACE_MS = 86_400_000;

/** Something the user should be told about one account. */
export type Notice =
  | { kind: 'usage'; level: 'warning' | 'critical'; percent: number }
  | { kind: 'keep-alive-failing'; failure: Failure; lastSuccessAt?: number }
  | { kind: 'keep-alive-recovered' };

/**
 * Compares what the account's snapshot says with what the user has been told, and returns
 * what to tell now and the new record of it. Pure: the caller shows and stores.
 */
export function decideNotices(
  account: Account,
  snapshot: AccountSnapshot,
  settings: Settings,
  now: number,
): { alerts: AccountSnapshot['alerts']; notices: Notice[] } {
  const notices: Notice[] = [];
  const alerts = { ...snapshot.alerts };

  const percent = snapshot.capacity && usagePercent(snapshot.capacity);
  if (percent !== undefined) {
    const usage = usageAlert(alerts.usage, percent, settings);
    alerts.usage = usage.notified;
    if (usage.notify && settings.notifyUsage) notices.push({ kind: 'usage', level: usage.notify, percent });
  }

  const { failure, lastSuccessAt, failingSince } = snapshot.keepAlive;
  const since = lastSuccessAt ?? failingSince;
  const failingTooLong = failure !== undefined && since !== undefined && now - since > KEEP_ALIVE_GRACE_MS;
  if (failingTooLong && !alerts.keepAliveFailing) {
    alerts.keepAliveFailing = true;
    if (settings.notifyKeepAlive) {
      notices.push({ kind: 'keep-alive-failing', failure, ...(lastSuccessAt !== undefined && { lastSuccessAt }) });
    }
  } else if (failure === undefined && alerts.keepAliveFailing) {
    alerts.keepAliveFailing = false;
    if (settings.notifyKeepAlive) notices.push({ kind: 'keep-alive-recovered' });
  }

  return { alerts, notices: account.notifications ? notices : [] };
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
