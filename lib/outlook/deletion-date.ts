import { formatDate, pastAt } from '../i18n/format';
import { t } from '../i18n/translate';
import { DAY_MS } from '../basics/time';
import { checkState, type AccountSnapshot } from '../store/account-state';
import { SIGN_IN_FIRST_NOTICE_MS } from './standing';

/** Free accounts are deleted after about two years without a sign-in (docs/service-api.md). */
export const DELETION_AFTER_MS = 2 * 365 * DAY_MS;

/** While the sign-in fails: since when no sign-in was recorded, and when a free account would be deleted. */
export function safetyLine(lastLoginAt: number | undefined, now: number, locale: string): string {
  if (lastLoginAt === undefined) return t('safetyNoLogin');
  // A login dated after now (see pastAt) counts from now: the deletion date is never put further off than that.
  const at = pastAt(lastLoginAt, now);
  return t('safetyLine', [formatDate(at, locale), formatDate(at + DELETION_AFTER_MS, locale)]);
}

/**
 * Whether the sign-in has failed long enough for the "sign-in is failing" notice (and so for
 * the card's deletion sentence): the same grace, from the same record.
 * Beside the words, not with the standing: only a card with a failure uses it, and the popup loads
 * that on demand (components/popup/extras.tsx).
 */
export function signInFailingTooLong(snapshot: AccountSnapshot, now: number): boolean {
  const { failure, failingSince } = checkState(snapshot, 'signIn');
  return (
    failure !== undefined &&
    failingSince !== undefined &&
    now - failingSince > SIGN_IN_FIRST_NOTICE_MS
  );
}
