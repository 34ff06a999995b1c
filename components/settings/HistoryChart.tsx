import { accountName, type Account } from '@/lib/store/accounts';
import { formatBytes } from '@/lib/i18n/format';
import type { HistoryPoint } from '@/lib/store/history';
import { historyCsv } from '@/lib/store/history-csv';
import { t } from '@/lib/i18n/translate';
import { dayStart } from '@/lib/basics/time';
import { CsvDownloadButton } from './CsvDownloadButton';
import { ErrorBoundary } from '../common/ErrorBoundary';

interface Props {
  account: Account;
  points: readonly HistoryPoint[];
  locale: string;
}

const [WIDTH, HEIGHT] = [400, 120];

/** An account's whole history; history it cannot draw costs only its own chart, never the page. */
export function HistoryChart(props: Props) {
  const fallback = (
    <figure class="history">
      <h3>{accountName(props.account)}</h3>
      <figcaption>{t('accountUnreadable')}</figcaption>
    </figure>
  );
  return (
    <ErrorBoundary fallback={fallback} retryOn={props.points}>
      <Chart {...props} />
    </ErrorBoundary>
  );
}

/** Used and quota against a labelled scale (0 to the largest quota, first to last day), and the CSV. */
function Chart({ account, points, locale }: Props) {
  const name = accountName(account);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) {
    return (
      <figure class="history">
        <h3>{name}</h3>
        <figcaption>{t('historyEmpty')}</figcaption>
      </figure>
    );
  }
  const day = (d: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(dayStart(d));
  const top = Math.max(...points.map((p) => Math.max(p[1], p[2])), 1);
  const span = Math.max(1, last[0] - first[0]);
  // A single reading is drawn across the chart, so that it shows.
  const drawn =
    points.length > 1 ? points : [first, [first[0] + 1, ...first.slice(1)] as HistoryPoint];
  const line = (value: (p: HistoryPoint) => number) =>
    drawn
      .map(
        (p) =>
          `${(((p[0] - first[0]) / span) * WIDTH).toFixed(1)},${(HEIGHT - (value(p) / top) * HEIGHT).toFixed(1)}`,
      )
      .join(' ');
  const oneDay = first[0] === last[0];
  const summary = oneDay
    ? t('historyChartLabelOneDay', [day(first[0]), formatBytes(first[1], locale)])
    : t('historyChartLabel', [
        day(first[0]),
        day(last[0]),
        formatBytes(first[1], locale),
        formatBytes(last[1], locale),
      ]);
  return (
    <figure class="history">
      <h3>{name}</h3>
      <figcaption>{summary}</figcaption>
      <div class="history__chart">
        <span class="history__top">{formatBytes(top, locale)}</span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
          <polyline class="history__quota" points={line((p) => p[2])} />
          <polyline class="history__used" points={line((p) => p[1])} />
        </svg>
        <span class="history__bottom">0</span>
        <span class="history__first">{day(first[0])}</span>
        {!oneDay && <span class="history__last">{day(last[0])}</span>}
      </div>
      <p class="history__legend">
        <span class="history__key history__key--used">{t('historyUsed')}</span>
        <span class="history__key history__key--quota">{t('historyQuota')}</span>
      </p>
      <CsvDownloadButton
        what="history"
        account={account}
        label={t('downloadCsv')}
        csv={() => historyCsv(points)}
      />
    </figure>
  );
}
