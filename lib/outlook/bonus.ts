import { GIB } from '../basics/bytes';
import type { DatasetCapacity, KeyBonus } from '../service/answers';
import type { HistoryPoint } from '../store/history';
import { DAY_MS } from '../basics/time';
import { forecast, type Forecast } from './forecast';

type BonusStatus = 'active' | 'upcoming' | 'expired' | 'unknown';

/** Whether an API-key bonus applies now, later, no more, or (times unknown) cannot be told. */
export function bonusStatus(bonus: KeyBonus, now: number): BonusStatus {
  const since = bonus.since?.epochMs ?? null;
  const until = bonus.until?.epochMs ?? null;
  if (until !== null && now >= until) return 'expired';
  if (since !== null && now < since) return 'upcoming';
  if (since === null || until === null) return 'unknown';
  return 'active';
}

/** A bonus ending this soon is warned about, if the usage would not fit without it. */
export const BONUS_WARNING_MS = 30 * DAY_MS;

/** An active bonus that ends soon and leaves the account over its capacity: by how many bytes. */
export interface BonusShortfall {
  until: number;
  /** The bonus period, as the service sends its end: one warning each. */
  period: string;
  increaseGb: number;
  overBytes: number;
}

/**
 * Whether the account will be over its capacity when its bonus ends within 30 days: the
 * quota less the bonus's GB (counted as the service counts GB, in binary steps) below what is
 * used now. Pure.
 */
export function bonusShortfall(
  bonus: KeyBonus | undefined,
  capacity: DatasetCapacity,
  now: number,
): BonusShortfall | undefined {
  const until = bonus?.until?.epochMs;
  const increaseGb = bonus?.increaseGb;
  if (!bonus || bonusStatus(bonus, now) !== 'active' || until == null || increaseGb === undefined)
    return undefined;
  const overBytes = capacity.used - (capacity.quota - increaseGb * GIB);
  return until - now <= BONUS_WARNING_MS && overBytes > 0
    ? { until, period: bonus.until!.raw, increaseGb, overBytes }
    : undefined;
}

/** The forecast, and the bonus whose end it counts with, if it does. */
interface BonusAwareForecast {
  forecast: Forecast;
  bonusEnd?: { until: number; increaseGb: number };
}

/**
 * The forecast, told against the quota that is left once an active bonus ends, when it ends
 * before the forecast date (otherwise the date is one the account never reaches with that
 * quota). Over the reduced quota already, it is full when the bonus ends. Pure.
 */
export function forecastWithBonus(
  points: readonly HistoryPoint[],
  today: number,
  now: number,
  bonus: KeyBonus | undefined,
): BonusAwareForecast {
  const plain = forecast(points, today);
  const until = bonus?.until?.epochMs;
  const increaseGb = bonus?.increaseGb;
  const latest = points.at(-1);
  if (plain.kind !== 'filling' || !bonus || !latest || until == null || increaseGb === undefined)
    return { forecast: plain };
  if (bonusStatus(bonus, now) !== 'active' || until >= now + plain.days * DAY_MS)
    return { forecast: plain };
  const untilDays = Math.ceil((until - now) / DAY_MS);
  const after = forecast(points, today, latest[2] - increaseGb * GIB);
  const days = after.kind === 'filling' ? Math.max(after.days, untilDays) : untilDays;
  return { forecast: { kind: 'filling', days }, bonusEnd: { until, increaseGb } };
}
