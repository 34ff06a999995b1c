import { HOUR_MS, MINUTE_MS } from '../basics/time';
import type { Check } from '../store/account-state';
import type { Settings } from '../store/settings';

/** The checks in the order a run makes them: the sign-in first, as the usage update goes on from the node it names. */
export const CHECKS: readonly Check[] = ['signIn', 'usageUpdate'];

/** How often each check runs, in ms: the sign-in every signInHours, the usage update every usageUpdateMinutes. */
export function checkInterval(settings: Settings, check: Check): number {
  return check === 'signIn'
    ? settings.signInHours * HOUR_MS
    : settings.usageUpdateMinutes * MINUTE_MS;
}
