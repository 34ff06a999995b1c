import { formatBytes } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/translate';
import type { ConnectionReport } from '@/lib/extension/messages';
import { FailureNotice, type KeyFixes } from '../common/FailureNotice';

/** What a connection test found, call by call; a refused key offers its fix on the form. */
export function ConnectionResult({
  report,
  locale,
  ...keyFixes
}: KeyFixes & { report: ConnectionReport; locale: string }) {
  const { user, capacity } = report;
  return (
    <ul class="test-result">
      <li class={user.ok ? 'ok' : 'bad'}>
        <strong>{t('testUserStep')}</strong>{' '}
        {user.ok ? (
          t('testUserOk', [user.value.user ?? t('unknown'), user.value.node])
        ) : (
          <FailureNotice failure={user.failure} {...keyFixes} showFix={false} />
        )}
      </li>
      {capacity && (
        <li class={capacity.ok ? 'ok' : 'bad'}>
          <strong>{t('testCapacityStep')}</strong>{' '}
          {capacity.ok ? (
            t('usageOf', [
              formatBytes(capacity.value.used, locale),
              formatBytes(capacity.value.quota, locale),
            ])
          ) : (
            <FailureNotice failure={capacity.failure} {...keyFixes} showFix={false} />
          )}
        </li>
      )}
    </ul>
  );
}
