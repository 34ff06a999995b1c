import { t, type MessageKey } from '@/lib/i18n/translate';
import type { ParsedFile } from '@/lib/input/export-file';
import { ACCOUNT_LABELS } from '@/lib/pages/field-labels';

/** Each field a file may bring, by the label the Settings page gives it. */
const FIELDS: Record<string, MessageKey> = {
  ...ACCOUNT_LABELS,
  signInHours: 'settingSignInEvery',
  usageUpdateMinutes: 'settingUsageUpdateEvery',
  warningPercent: 'settingWarning',
  criticalPercent: 'settingCritical',
  notifyUsage: 'settingNotifyUsage',
  notifySignIn: 'settingNotifySignIn',
  notifyForecast: 'settingNotifyForecast',
};

/** Why a file cannot be imported, and (for mistakes in it) where each one is. */
export function ImportError({ parsed }: { parsed: Exclude<ParsedFile, { ok: true }> }) {
  return (
    <div class="failure" role="alert">
      {parsed.error === 'newer' ? (
        <p>{t('importNewer', [parsed.version])}</p>
      ) : parsed.error === 'invalid' ? (
        <>
          <p>{t('importInvalid')}</p>
          <ul>
            {parsed.problems.map(({ section, account, field, message }) => {
              const where = [
                section === 'settings'
                  ? t('importWhereSettings')
                  : account === undefined
                    ? t('accountsHeading')
                    : t('importWhereAccount', [account]),
                field && FIELDS[field] && t(FIELDS[field]),
              ];
              return (
                <li key={`${account}${field}${message}`}>
                  {t('importProblem', [
                    where.filter(Boolean).join(' › '),
                    t(message as MessageKey),
                  ])}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>
          {t(
            parsed.error === 'too-large'
              ? 'importTooLarge'
              : parsed.error === 'not-json'
                ? 'importNotJson'
                : 'importForeign',
          )}
        </p>
      )}
    </div>
  );
}
