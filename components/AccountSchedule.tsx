import { nextAttemptAt } from '@/lib/background/schedule';
import { formatRelative } from '@/lib/format';
import { t } from '@/lib/i18n';
import { nextSignInWords } from '@/lib/outlook/card-words';
import type { AccountSnapshot } from '@/lib/store/account-state';
import type { Settings } from '@/lib/store/settings';

interface Props {
  snapshot: AccountSnapshot;
  settings: Settings;
  now: number;
  locale: string;
  /** The entry's failure line already tells when (or whether) the next sign-in comes. */
  nextTold?: boolean;
}

/** An account's sign-ins in the settings page's list: the last that succeeded and when the next is due. */
export function AccountSchedule({ snapshot, settings, now, locale, nextTold = false }: Props) {
  const { lastSuccessAt } = snapshot.keepAlive;
  const next = nextAttemptAt(snapshot, 'keepAlive', settings);
  return (
    <p class="account-list__schedule">
      <span>{lastSuccessAt === undefined ? t('noSignInYet') : t('lastSignIn', [formatRelative(lastSuccessAt, now, locale)])}</span>
      {!nextTold && <span>{nextSignInWords(next ?? now, now, locale)}</span>}
    </p>
  );
}
