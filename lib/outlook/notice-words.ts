import { accountName, type Account } from '../store/accounts';
import { describeFailure } from '../service/failure-words';
import { formatBytes, formatDate, formatGb, formatPercent } from '../i18n/format';
import { t, uiLocale } from '../i18n/translate';
import { DAY_MS } from '../basics/time';
import { safetyLine } from './deletion-date';
import { noticeId } from './notice-ids';
import type { Notice } from './notices';

// The words of a notice the background shows (lib/background/display.ts), and its id; which
// notices are due is decided in lib/outlook/notices.ts.

/** A notice in words, with its id (lib/outlook/notice-ids.ts: what a click on it opens). */
export function noticeText(
  account: Account,
  notice: Notice,
  now: number,
): [id: string, title: string, message: string] {
  const name = accountName(account);
  const locale = uiLocale();
  switch (notice.kind) {
    case 'usage':
      return [
        noticeId('usage', account.id),
        t(notice.level === 'critical' ? 'noticeUsageCriticalTitle' : 'noticeUsageWarningTitle', [
          name,
        ]),
        t('noticeUsageMessage', [formatPercent(notice.percent, locale)]),
      ];
    case 'sign-in-failing':
      return [
        noticeId('signIn', account.id),
        t('noticeSignInFailingTitle', [name]),
        `${describeFailure(notice.failure, account).message} ${safetyLine(notice.lastSuccessAt, now, locale)}`,
      ];
    case 'sign-in-recovered':
      return [
        noticeId('signIn', account.id),
        t('noticeSignInRecoveredTitle', [name]),
        t('noticeSignInRecoveredMessage'),
      ];
    case 'forecast':
      return [
        noticeId('forecast', account.id),
        t('noticeForecastTitle', [name]),
        t('forecastFilling', [notice.days, formatDate(now + notice.days * DAY_MS, locale)]),
      ];
    case 'bonus-ending': {
      const { increaseGb, until, overBytes } = notice.shortfall;
      return [
        noticeId('bonus', account.id),
        t('noticeBonusEndingTitle', [name]),
        t('bonusEnding', [
          formatGb(increaseGb, locale),
          formatDate(until, locale),
          formatBytes(overBytes, locale),
        ]),
      ];
    }
  }
}
