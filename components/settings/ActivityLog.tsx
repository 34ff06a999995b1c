import { useState } from 'preact/hooks';
import { accountIdentity, accountName, type Account } from '@/lib/store/accounts';
import { activityFor, type ActivityEntry, type ActivityTrigger } from '@/lib/store/activity';
import { activityCsv } from '@/lib/store/activity-csv';
import { activityItem } from '@/lib/store/items';
import { loadActivity } from '@/lib/store/reads';
import { summarizeActivity, type ActivitySummary } from '@/lib/outlook/activity-summary';
import { failureKindWords } from '@/lib/service/failure-words';
import { formatDate, formatDateTime, formatDuration } from '@/lib/i18n/format';
import { t, type MessageKey } from '@/lib/i18n/translate';
import { CsvDownloadButton } from './CsvDownloadButton';
import { useLoaded } from '../hooks/use-stored-state';

interface Props {
  accounts: readonly Account[];
  locale: string;
  now?: () => number;
}

/** Rows shown at first, and added by each "Show more": 90 days hold thousands. */
const PAGE = 20;

/** What started an entry, in words: a manual check is named as its button is. */
const TRIGGER_TEXT: Record<ActivityTrigger, MessageKey> = {
  schedule: 'activityTriggerSchedule',
  start: 'activityTriggerStart',
  retry: 'activityTriggerRetry',
  manual: 'checkNow',
  permission: 'activityTriggerPermission',
  settings: 'activityTriggerSettings',
};

/** The summary line of a log in words: days with a successful sign-in, the failures and how they ended. */
function summaryText(summary: ActivitySummary | undefined, locale: string): string {
  if (!summary) return t('activityEmpty');
  if (summary.signInDays === 0) return t('activityNoSignIn');
  const { since, recovered, longestRecoveryMs = 0, failingSince } = summary;
  return (
    [
      t('activitySummaryDays', [formatDate(since, locale), summary.okDays, summary.signInDays]),
      recovered === 0 && failingSince === undefined && t('activityNoFailures'),
      recovered === 1 && t('activityRecoveredOne', [formatDuration(longestRecoveryMs, locale)]),
      recovered > 1 &&
        t('activityRecoveredMany', [recovered, formatDuration(longestRecoveryMs, locale)]),
      failingSince !== undefined &&
        t('activityFailingSince', [formatDateTime(failingSince, locale)]),
    ]
      .filter(Boolean)
      .join(' ')
      // A Japanese sentence ends in 。 and takes no space after it.
      .replaceAll('。 ', '。')
  );
}

/** Every account's activity log: its summary, its newest entries, and the whole log as CSV (the settings page's Activity log section). */
export function ActivityLog({ accounts, locale, now = Date.now }: Props) {
  // Read here: only this page needs the logs.
  const logs = useLoaded(loadActivity, (changed) => activityItem.watch(changed));
  return (
    <>
      <p class="intro">{t('activityIntro')}</p>
      {logs &&
        accounts.map((account) => (
          <AccountActivityLog
            key={account.id}
            account={account}
            entries={activityFor(logs[account.id], accountIdentity(account))}
            now={now()}
            locale={locale}
          />
        ))}
    </>
  );
}

function AccountActivityLog({
  account,
  entries,
  now,
  locale,
}: {
  account: Account;
  entries: ActivityEntry[];
  now: number;
  locale: string;
}) {
  const [shown, setShown] = useState(PAGE);
  const name = accountName(account);
  const newest = entries.slice(-shown).reverse();
  const headingId = `activity-${account.id}`;
  return (
    <article class="activity" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p class="activity__summary">{summaryText(summarizeActivity(entries, now), locale)}</p>
      {entries.length > 0 && (
        <>
          <table class="activity__table">
            <caption class="visually-hidden">{t('activityTableLabel', [name])}</caption>
            <thead>
              <tr>
                <th scope="col">{t('activityTime')}</th>
                <th scope="col">{t('activityCheck')}</th>
                <th scope="col">{t('activityTrigger')}</th>
                <th scope="col">{t('activityOutcome')}</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((entry) => (
                <tr
                  key={`${entry.at} ${entry.check}`}
                  class={entry.outcome === 'ok' ? undefined : 'activity__failed'}
                >
                  <td>{formatDateTime(entry.at, locale)}</td>
                  <td>
                    {t(entry.check === 'sign-in' ? 'activityCheckSignIn' : 'activityCheckUsage')}
                  </td>
                  <td>{t(TRIGGER_TEXT[entry.trigger])}</td>
                  <td>
                    {entry.outcome === 'ok' ? t('activityOk') : failureKindWords(entry.outcome)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="activity__actions">
            {entries.length > shown && (
              <button type="button" onClick={() => setShown(shown + 5 * PAGE)}>
                {t('activityShowMore')}
              </button>
            )}
            <CsvDownloadButton
              what="activity"
              account={account}
              label={t('activityDownloadCsv')}
              csv={() => activityCsv(entries)}
            />
          </p>
        </>
      )}
    </article>
  );
}
