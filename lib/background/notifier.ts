import { browser } from 'wxt/browser';
import { accountName, type Account } from '../store/accounts';
import { describeFailure } from '../service/failure-words';
import { formatBytes, formatDate, formatGb, formatPercent } from '../i18n/format';
import { t, uiLocale } from '../i18n/translate';
import { safetyLine } from '../outlook/deletion-date';
import { DAY_MS } from '../basics/time';
import type { Notice } from './notices';

/** A notice in words, with its id: what a click opens (sign-in → settings page, the rest → overview). */
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
        `${describeFailure(notice.failure, account).message} ${safetyLine(notice.lastSuccessAt, now, locale)}`,
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

/**
 * Shows a notice; `now` dates a forecast and bounds a past sign-in (pastAt). One still on screen under the same id is cleared
 * first: re-created in place, a reminder would only update it silently, never pop up again.
 */
export async function showNotice(account: Account, notice: Notice, now: number): Promise<void> {
  const [id, title, message] = noticeText(account, notice, now);
  await browser.notifications.clear(id);
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
