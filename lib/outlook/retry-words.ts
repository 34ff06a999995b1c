import { formatRelative } from '../format';
import { t } from '../i18n';
import type { Standing } from './standing';

// A failure's times in words, apart from the card's other words (card-words.ts): the popup loads
// them only with a failure to show (components/popup-extras.tsx).

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
