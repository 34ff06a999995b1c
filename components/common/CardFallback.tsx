import type { ComponentChildren } from 'preact';
import type { Account } from '@/lib/store/accounts';
import { t } from '@/lib/i18n/translate';
import { safeAccountName } from '@/lib/pages/safe-names';

/** What an error boundary shows instead of an account card that failed to render. */
export function CardFallback({
  account,
  children,
}: {
  account: Account;
  children?: ComponentChildren;
}) {
  const name = safeAccountName(account);
  return (
    <>
      {name && <strong>{name}</strong>}
      <p class="failure">{t('accountUnreadable')}</p>
      {children}
    </>
  );
}
