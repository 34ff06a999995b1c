import { forecastWithBonus } from '@/lib/outlook/bonus';
import { FORECAST_MIN_DAYS } from '@/lib/outlook/forecast';
import type { KeyBonus } from '@/lib/service/answers';
import { formatBytes, formatDate, formatGb } from '@/lib/i18n/format';
import { lastDays, RECENT_DAYS, type HistoryPoint } from '@/lib/store/history';
import { t } from '@/lib/i18n/translate';
import { DAY_MS, dayOf } from '@/lib/basics/time';

interface Props {
  /** The account's history (its own identity's only). */
  points: readonly HistoryPoint[];
  now: number;
  locale: string;
  /** The API key's bonus: a forecast past its end counts with the quota left after it. */
  bonus?: KeyBonus | undefined;
  /**
   * The card already warns that the usage will not fit once the bonus ends: a forecast would
   * only repeat that date ("full in about N days") beside it.
   */
  overAfterBonus?: boolean;
}

const DAYS = RECENT_DAYS;

/** The last 30 days' usage as a sparkline with its text alternative, and where it is heading. */
export function UsageTrend({ points, now, locale, bonus, overAfterBonus = false }: Props) {
  const today = dayOf(now);
  const recent = lastDays(points, today, DAYS);
  // Worked out only where it can be shown: not beside the bonus warning, and not from under a
  // week of days, from which it says nothing (its window is these same 30 days).
  const { forecast: outlook, bonusEnd } =
    overAfterBonus || recent.length < FORECAST_MIN_DAYS
      ? { forecast: { kind: 'unknown' as const }, bonusEnd: undefined }
      : forecastWithBonus(points, today, now, bonus);
  if (recent.length < 2 && outlook.kind === 'unknown') return null;
  const used = recent.map((p) => p[1]);
  const [min, max] = [Math.min(...used), Math.max(...used)];
  // x: the 30 days, today at the right; y: the window's own range, so a slow rise still shows.
  const line = recent
    .map(
      ([day, u]) =>
        `${(((day - today + DAYS - 1) / (DAYS - 1)) * 100).toFixed(1)},${max === min ? 12 : (22 - ((u - min) / (max - min)) * 20).toFixed(1)}`,
    )
    .join(' ');
  return (
    <div class="trend">
      {recent.length >= 2 && (
        <svg
          class="trend__line"
          viewBox="0 0 100 24"
          preserveAspectRatio="none"
          role="img"
          aria-label={t('sparklineLabel', [
            formatBytes(used[0]!, locale),
            formatBytes(used.at(-1)!, locale),
          ])}
        >
          <polyline points={line} />
        </svg>
      )}
      {outlook.kind !== 'unknown' && (
        <p>
          {outlook.kind === 'not-filling'
            ? t('forecastNotFilling')
            : bonusEnd
              ? t('forecastFillingAfterBonus', [
                  outlook.days,
                  formatDate(now + outlook.days * DAY_MS, locale),
                  formatGb(bonusEnd.increaseGb, locale),
                  formatDate(bonusEnd.until, locale),
                ])
              : t('forecastFilling', [
                  outlook.days,
                  formatDate(now + outlook.days * DAY_MS, locale),
                ])}
        </p>
      )}
    </div>
  );
}
