import { formatAhead } from '../i18n/format';
import { t } from '../i18n/translate';

// Apart from the failure's times in words (retry-words.ts, which the popup loads only with a
// failure to show): Check now, in the popup's first bundle, says this.

/**
 * A Check now the service's wait held back: nothing was sent (`partly`: for some accounts, the
 * others were checked), and when a check can go out, in the card's words.
 */
export function heldCheckLine(until: number, now: number, locale: string, partly = false): string {
  return t(partly ? 'checkHeldSome' : 'checkHeld', [formatAhead(until, now, locale)]);
}
