import { nextCheckAt } from '@/lib/background/schedule';
import { formatRelative } from '@/lib/format';
import { t } from '@/lib/i18n';
import { nextSignInWords } from '@/lib/outlook/card-words';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { taskInterval, type Settings } from '@/lib/store/settings';

interface Props {
  snapshot: AccountSnapshot;
  settings: Settings;
  now: number;
  locale: string;
}

/** An account's sign-ins in the settings page's list: the last that succeeded and when the next is due. */
export function AccountSchedule({ snapshot, settings, now, locale }: Props) {
  const { lastSuccessAt } = snapshot.keepAlive;
  const next = nextCheckAt(snapshot.keepAlive, taskInterval(settings, 'keepAlive'));
  return (
    <p class="account-list__schedule">
      <span>{lastSuccessAt === undefined ? t('noSignInYet') : t('lastSignIn', [formatRelative(lastSuccessAt, now, locale)])}</span>
      <span>{nextSignInWords(next ?? now, now, locale)}</span>
    </p>
  );
}
