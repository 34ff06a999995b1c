import { formatAgo, formatAhead } from '../i18n/format';
import { t } from '../i18n/translate';
import { needsTheUser, sendsNothing, type Failure } from '../service/failures';
import type { Standing } from './standing';

// A failure's times in words, apart from the card's other words (card-words.ts): the popup loads
// them only with a failure to show (components/popup/extras.tsx). `next` is when the failed check
// really runs again: the sooner of its schedule and its retry (lib/schedule/when-due.ts
// nextCheckAt), so the card never names two times for one attempt.

/** A transient failure in one quiet line: when the check failed, when the next attempt comes. */
export function transientLine(
  standing: Extract<Standing, { failure: unknown }>,
  next: number | undefined,
  now: number,
  locale: string,
): string {
  const failed = formatAgo(standing.failedAt ?? now, now, locale);
  return next === undefined
    ? t('transientFailureLater', [failed])
    : t('transientFailure', [failed, formatAhead(next, now, locale)]);
}

/**
 * What comes next after a failure the user hears about: paused, when nothing is sent until the
 * user acts; a retry at `next` that the user can bring forward, when only the user can fix it;
 * else the next try.
 */
export function nextTryLine(
  failure: Failure,
  next: number | undefined,
  now: number,
  locale: string,
): string | undefined {
  if (sendsNothing(failure))
    return t(failure.kind === 'permission-missing' ? 'pausedUntilAccess' : 'pausedUntilUpdate');
  if (next === undefined) return undefined;
  return t(needsTheUser(failure) ? 'nextTryOrUpdate' : 'nextTry', [formatAhead(next, now, locale)]);
}
