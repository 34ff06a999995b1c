import { lastDays, RECENT_DAYS, type HistoryPoint } from '../store/history';

/** The forecast looks at the last 30 days, and only says something with a week of them. */
export const FORECAST_WINDOW_DAYS = RECENT_DAYS;
export const FORECAST_MIN_DAYS = 7;
/** A date further away than this is noise in a flat line, not a forecast. */
const FORECAST_HORIZON_DAYS = 5 * 365;

/** When the account will be full at its recent rate: in `days`, not at all, or (too little data) unknown. */
export type Forecast =
  { kind: 'unknown' } | { kind: 'not-filling' } | { kind: 'filling'; days: number };

/**
 * A least-squares line through the last 30 days' usage: if it rises, the days from `today`
 * until the latest usage, growing at that rate, reaches the latest quota (or `quota`). Pure.
 */
export function forecast(points: readonly HistoryPoint[], today: number, quota?: number): Forecast {
  const recent = lastDays(points, today, FORECAST_WINDOW_DAYS);
  const latest = recent.at(-1);
  const limit = quota ?? latest?.[2] ?? 0;
  if (recent.length < FORECAST_MIN_DAYS || !latest || latest[1] >= limit)
    return { kind: 'unknown' };
  const mean = (pick: (p: HistoryPoint) => number) =>
    recent.reduce((sum, p) => sum + pick(p), 0) / recent.length;
  const [meanDay, meanUsed] = [mean((p) => p[0]), mean((p) => p[1])];
  let covariance = 0;
  let variance = 0;
  for (const [day, used] of recent) {
    covariance += (day - meanDay) * (used - meanUsed);
    variance += (day - meanDay) ** 2;
  }
  const perDay = covariance / variance;
  const days = Math.ceil(latest[0] - today + (limit - latest[1]) / perDay);
  return perDay > 0 && days <= FORECAST_HORIZON_DAYS
    ? { kind: 'filling', days: Math.max(1, days) }
    : { kind: 'not-filling' };
}
