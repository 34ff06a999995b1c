import type { KeyBonus } from './service-schemas';

export type BonusStatus = 'active' | 'upcoming' | 'expired' | 'unknown';

/** Whether an API-key bonus applies now, later, no more, or (times unreadable) cannot be told. */
export function bonusStatus(bonus: KeyBonus, now: number): BonusStatus {
  const { since, until } = bonus;
  if (until.epochMs !== null && now >= until.epochMs) return 'expired';
  if (since.epochMs !== null && now < since.epochMs) return 'upcoming';
  if (since.epochMs === null || until.epochMs === null) return 'unknown';
  return 'active';
}
