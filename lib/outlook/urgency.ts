import type { AccountSnapshot } from '../store/account-state';
import type { Settings } from '../store/settings';
import { standingOf } from './standing';
import { usageLevel, usagePercent } from './usage-level';

/**
 * How urgent an account is, for the badge and the popup's order, by what the user must act on:
 * critical usage, then a failure only the user can end, then warning usage, then an outage
 * that has lasted past the notices' grace, then usage by percentage. A transient failure
 * (within the grace) does not count: the account ranks by its usage. Pure.
 */
export function urgency(
  snapshot: AccountSnapshot,
  settings: Pick<Settings, 'warningPercent' | 'criticalPercent'>,
  now: number,
): number {
  const percent = snapshot.capacity && usagePercent(snapshot.capacity);
  const level = percent === undefined ? undefined : usageLevel(percent, settings);
  const usage = percent === undefined ? -1 : Math.min(percent, 199);
  const standing = standingOf(snapshot, now).kind;
  if (level === 'critical') return URGENCY.critical + usage;
  if (standing === 'needs-you') return URGENCY.needsYou;
  if (level === 'warning') return URGENCY.warning + usage;
  if (standing === 'outage') return URGENCY.outage;
  return usage;
}

/** The tiers, far enough apart that usage (at most 199) orders only within one. */
const URGENCY = { critical: 4000, needsYou: 3000, warning: 2000, outage: 1000 } as const;
