import { formatDate } from '../format';
import { t } from '../i18n';
import { DAY_MS } from '../time';

/** Free accounts are deleted after about two years without a login (spec/NOTES.md, Keep-alive). */
export const DELETION_AFTER_MS = 2 * 365 * DAY_MS;

/** While keep-alive fails: since when no login was recorded, and when a free account would be deleted. */
export function safetyLine(lastLoginAt: number | undefined, locale: string): string {
  return lastLoginAt === undefined
    ? t('safetyNoLogin')
    : t('safetyLine', [formatDate(lastLoginAt, locale), formatDate(lastLoginAt + DELETION_AFTER_MS, locale)]);
}
