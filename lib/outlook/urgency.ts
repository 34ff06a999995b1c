import { currentFailure, type AccountSnapshot } from '../store/account-state';
import type { Settings } from '../store/settings';
import { levelRank, usageLevel, usagePercent } from './usage-level';

/** How urgent an account is, for the badge and the popup's order: failures first, then usage. */
export function urgency(snapshot: AccountSnapshot, settings: Pick<Settings, 'warningPercent' | 'criticalPercent'>): number {
  if (currentFailure(snapshot)) return 1000;
  const percent = snapshot.capacity && usagePercent(snapshot.capacity);
  if (percent === undefined) return -1;
  return levelRank(usageLevel(percent, settings)) * 200 + Math.min(percent, 199);
}
