import { formatAhead, formatPercent } from '../i18n/format';
import { t } from '../i18n/translate';
import { sendsNothing, type Failure } from '../service/failures';
import type { UsageLevel } from '../store/settings';
import type { Check } from '../store/account-state';

/** Usage as the card and the badge's tooltip say it: the level named with the percentage ("Nearly full: 92 %"). */
export function usageWords(percent: number, level: UsageLevel, locale: string): string {
  const shown = formatPercent(percent, locale);
  return level === 'critical'
    ? t('levelCritical', [shown])
    : level === 'warning'
      ? t('levelWarning', [shown])
      : shown;
}

/** When the next sign-in is due, as the card and the Settings page's list both say it. */
export function nextSignInWords(next: number, now: number, locale: string): string {
  return t('nextSignInAt', [formatAhead(next, now, locale)]);
}

/**
 * Whether a failure's line already tells when the next sign-in comes (it is the sign-in's
 * failure) or that none comes (the account is paused): then no separate "Next sign-in" line.
 */
export const failureTellsNextSignIn = (failure: Failure, check: Check): boolean =>
  check === 'signIn' || sendsNothing(failure);
