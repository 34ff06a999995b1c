import { formatRelative } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/translate';
import { nextSignInWords } from '@/lib/outlook/card-words';
import type { AccountSnapshot } from '@/lib/store/account-state';

interface Props {
  snapshot: AccountSnapshot;
  /** When the next sign-in is due (lib/outlook/schedule.ts), worked out once by the list's entry. */
  nextSignIn: number | undefined;
  now: number;
  locale: string;
  /** The entry's failure line already tells when (or whether) the next sign-in comes. */
  nextTold?: boolean;
}

/** An account's sign-ins in the settings page's list: the last that succeeded and when the next is due. */
export function AccountSchedule({ snapshot, nextSignIn, now, locale, nextTold = false }: Props) {
  const { lastSuccessAt } = snapshot.keepAlive;
  return (
    <p class="account-list__schedule">
      <span>{lastSuccessAt === undefined ? t('noSignInYet') : t('lastSignIn', [formatRelative(lastSuccessAt, now, locale)])}</span>
      {!nextTold && <span>{nextSignInWords(nextSignIn ?? now, now, locale)}</span>}
    </p>
  );
}
