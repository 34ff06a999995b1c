import type { ComponentChildren } from 'preact';
import type { Account } from '@/lib/accounts';
import { t } from '@/lib/i18n';
import { safeAccountName } from './safe-names';

/** What stands in for an account whose stored data could not be shown. */
export function UnreadableAccount({ account, children }: { account: Account; children?: ComponentChildren }) {
  const name = safeAccountName(account);
  return (
    <>
      {name && <strong>{name}</strong>}
      <p class="failure">{t('accountUnreadable')}</p>
      {children}
    </>
  );
}
