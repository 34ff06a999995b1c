import { formatAgo } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/translate';
import { nextSignInWords } from '@/lib/outlook/card-words';
import { checkState, type AccountSnapshot } from '@/lib/store/account-state';

interface Props {
  snapshot: AccountSnapshot;
  /** When the next sign-in is due (lib/outlook/next-attempts.ts); none when the entry's failure line tells it. */
  nextSignIn: number | undefined;
  now: number;
  locale: string;
}

/** An account's sign-ins in the settings page's list: the last that succeeded and when the next is due. */
export function AccountSchedule({ snapshot, nextSignIn, now, locale }: Props) {
  const { lastSuccessAt } = checkState(snapshot, 'signIn');
  return (
    <p class="account-list__schedule">
      <span>
        {lastSuccessAt === undefined
          ? t('noSignInYet')
          : t('lastSignIn', [formatAgo(lastSuccessAt, now, locale)])}
      </span>
      {nextSignIn !== undefined && <span>{nextSignInWords(nextSignIn, now, locale)}</span>}
    </p>
  );
}
