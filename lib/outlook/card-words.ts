import { formatPercent, formatRelative } from '../format';
import { t } from '../i18n';
import type { Standing } from './standing';
import type { UsageLevel } from '../store/settings';

/** Usage as the card and the badge's tooltip say it: the level named with the percentage ("Nearly full: 92 %"). */
export function usageWords(percent: number, level: UsageLevel, locale: string): string {
  const shown = formatPercent(percent, locale);
  return level === 'critical' ? t('levelCritical', [shown]) : level === 'warning' ? t('levelWarning', [shown]) : shown;
}

/** A transient failure in one quiet line: when the check failed, when the retry the extension scheduled comes. */
export function transientLine(standing: Extract<Standing, { failure: unknown }>, now: number, locale: string): string {
  const failed = formatRelative(standing.failedAt ?? now, now, locale);
  return standing.retryAt === undefined
    ? t('transientFailureLater', [failed])
    : t('transientFailure', [failed, formatRelative(Math.max(standing.retryAt, now), now, locale)]);
}

/** When the retry the extension scheduled comes, in words ("in 23 hours", "tomorrow"), if one is. */
export function nextTryLine(standing: Extract<Standing, { failure: unknown }>, now: number, locale: string): string | undefined {
  return standing.retryAt === undefined ? undefined : t('nextTry', [formatRelative(Math.max(standing.retryAt, now), now, locale)]);
}

/**
 * When the next sign-in is due, as the card and the Settings page's list both say it: one overdue
 * (the browser was closed) or less than formatRelative's smallest step away ("this minute") runs
 * shortly.
 */
export function nextSignInWords(next: number, now: number, locale: string): string {
  return next - now < 60_000 ? t('nextSignInShortly') : t('nextSignInAt', [formatRelative(next, now, locale)]);
}
