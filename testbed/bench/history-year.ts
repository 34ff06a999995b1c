import { resolve } from 'node:path';
import { accountIdentity, type Account } from '../../lib/store/accounts';
import { packPoints, type HistoryPoint } from '../../lib/store/history';
import { GIB as GB } from '../../lib/basics/bytes';

/** The bench's floor: a bare Preact page, background and blank page on the same stack (built by the bench). */
export const FLOOR_DIR = resolve('testbed/bench/floor');

/** A year of daily readings: what the popup's heaviest measure stores. */
export const YEAR_DAYS = 365;

/**
 * Two years of daily readings: what the Settings page's measure stores. The background keeps
 * HISTORY_DAYS (400, lib/store/history.ts), so this is more than it ever leaves: a bound.
 */
export const TWO_YEARS_DAYS = 730;

/**
 * `days` daily readings up to today for each account, stored as the background stores them
 * (lib/store/history.ts: one point a day, oldest first, packed), without its trim to HISTORY_DAYS.
 */
export function dailyHistory(accounts: Account[], days: number) {
  const today = Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000);
  return Object.fromEntries(
    accounts.map((account, n) => {
      const points = Array.from({ length: days }, (_, i): HistoryPoint => {
        const day = today - days + 1 + i;
        const used = Math.round((8 + n + i * 0.03 + Math.sin(day) * 0.2) * GB);
        return [day, used, 28 * GB];
      });
      return [account.id, { identity: accountIdentity(account), points: packPoints(points) }];
    }),
  );
}
