import type { KeyBonus } from './service-schemas';

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
