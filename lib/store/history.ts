import { isCount, isObject } from '../basics/guards';
import { DAY_MS } from '../basics/time';

// An account's usage over time: one point a day, kept a little over a year. Pure: the day
// numbers come from lib/basics/time.ts `dayOf`, storage from lib/store/history-sources.ts and writes.ts.

/** One day's last capacity reading: the day number, bytes used, quota in bytes. */
export type HistoryPoint = [day: number, used: number, quota: number];

/** An account's readings, oldest first, and whose they are (server and user ID when read). */
export interface AccountHistory {
  identity: string;
  points: HistoryPoint[];
}

/** Days kept: a year and a bit, so the same time last year can still be seen. */
export const HISTORY_DAYS = 400;

/**
 * The recent part every popup opening and every background run reads (the trend, the
 * forecast's window), stored apart from the whole, which only the Settings page reads.
 */
export const RECENT_DAYS = 30;

/** How far a real point can lie ahead of today: a move across time zones (UTC+14 to UTC-12) turns the local date back up to two days. */
const ZONE_MOVE_DAYS = 2;

/**
 * The history with today's reading added: an earlier reading of the same day replaced, days
 * that fall out of HISTORY_DAYS dropped. Days are counted back from the reading's own day, not
 * from the newest stored one: a point dated further ahead (a clock once set ahead) cannot be
 * true, so it goes, and never takes the real days with it. Another server's or user's history
 * starts over.
 */
export function addPoint(
  history: AccountHistory | undefined,
  identity: string,
  point: HistoryPoint,
): AccountHistory {
  const today = point[0];
  const others =
    history?.identity === identity
      ? history.points.filter(
          ([day]) => day !== today && day > today - HISTORY_DAYS && day <= today + ZONE_MOVE_DAYS,
        )
      : [];
  return { identity, points: [...others, point].sort((a, b) => a[0] - b[0]) };
}

/** The points of the `days` days up to and including `today`. */
export function lastDays(
  points: readonly HistoryPoint[],
  today: number,
  days: number,
): HistoryPoint[] {
  return points.filter(([day]) => day > today - days && day <= today);
}

/** The points of a history that belongs to this identity (server and user ID); none otherwise. */
export function pointsFor(history: AccountHistory | undefined, identity: string): HistoryPoint[] {
  return history?.identity === identity ? history.points : [];
}

/**
 * Points as stored: `day,used,quota` triples joined by `;`, oldest first. One string reads many
 * times faster than a list of lists (the popup reads every account's history at each open).
 */
export const packPoints = (points: readonly HistoryPoint[]): string =>
  points.map((point) => point.join(',')).join(';');

/** Stored points back as triples; what is not three numbers is left for the guards to drop. */
export const unpackPoints = (packed: string): number[][] =>
  packed ? packed.split(';').map((point) => point.split(',').map(Number)) : [];

/**
 * The last day JavaScript can still turn into a date (8.64e15 ms; formatting a later one
 * throws), in days as `dayOf` counts them: the e2e build's shorter days number far past the
 * real-day limit, and its real points must not read as beyond it.
 */
const LAST_DAY = Math.floor(8.64e15 / DAY_MS);

const isPoint = (value: unknown): value is HistoryPoint =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every(isCount) &&
  (value[0] as number) <= LAST_DAY;

/** One account's stored history: its points that can be read, in day order, one a day. */
export function readHistory(value: unknown): AccountHistory | undefined {
  if (!isObject(value) || typeof value.identity !== 'string' || typeof value.points !== 'string')
    return undefined;
  const points = unpackPoints(value.points).filter(isPoint);
  return {
    identity: value.identity,
    points: points.filter((p, i) => i === 0 || p[0] > points[i - 1]![0]),
  };
}

/** The stored histories' recent part, as stored: each readable one's last RECENT_DAYS days. */
export function recentPart(
  stored: Record<string, unknown>,
): Record<string, { identity: string; points: string }> {
  return Object.fromEntries(
    Object.entries(stored).flatMap(([id, value]) => {
      const history = readHistory(value);
      const newest = history?.points.at(-1)?.[0] ?? 0;
      return history
        ? [
            [
              id,
              {
                identity: history.identity,
                points: packPoints(history.points.filter(([day]) => day > newest - RECENT_DAYS)),
              },
            ],
          ]
        : [];
    }),
  );
}
