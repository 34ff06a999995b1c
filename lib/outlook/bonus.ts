import { GIB } from '../format';
import type { DatasetCapacity, KeyBonus } from '../service/answers';
import { DAY_MS } from '../time';

export type BonusStatus = 'active' | 'upcoming' | 'expired' | 'unknown';

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
export function bonusShortfall(bonus: KeyBonus | undefined, capacity: DatasetCapacity, now: number): BonusShortfall | undefined {
  const until = bonus?.until?.epochMs;
  const increaseGb = bonus?.increaseGb;
  if (!bonus || bonusStatus(bonus, now) !== 'active' || until == null || increaseGb === undefined) return undefined;
  const overBytes = capacity.used - (capacity.quota - increaseGb * GIB);
  return until - now <= BONUS_WARNING_MS && overBytes > 0 ? { until, period: bonus.until!.raw, increaseGb, overBytes } : undefined;
}
