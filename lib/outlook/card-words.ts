import { formatPercent, formatRelative } from '../format';
import { t } from '../i18n';
import type { UsageLevel } from '../store/settings';

/** Usage as the card and the badge's tooltip say it: the level named with the percentage ("Nearly full: 92 %"). */
export function usageWords(percent: number, level: UsageLevel, locale: string): string {
  const shown = formatPercent(percent, locale);
  return level === 'critical' ? t('levelCritical', [shown]) : level === 'warning' ? t('levelWarning', [shown]) : shown;
}

/**
 * When the next sign-in is due, as the card and the Settings page's list both say it: one overdue
 * (the browser was closed) or less than formatRelative's smallest step away ("this minute") runs
 * shortly.
 */
export function nextSignInWords(next: number, now: number, locale: string): string {
  return next - now < 60_000 ? t('nextSignInShortly') : t('nextSignInAt', [formatRelative(next, now, locale)]);
}
