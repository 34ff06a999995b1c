// An account's usage over time: one point a day, kept a little over a year. Pure: the day
// numbers come from lib/time.ts `dayOf`, storage from lib/store/items.ts and writes.ts.

/** One day's last capacity reading: the day number, bytes used, quota in bytes. */
export type HistoryPoint = [day: number, used: number, quota: number];

/** An account's readings, oldest first, and whose they are (server and user ID when read). */
export interface AccountHistory {
  identity: string;
  points: HistoryPoint[];
}

/** Days kept: a year and a bit, so the same time last year can still be seen. */
export const HISTORY_DAYS = 400;

/** How far a real point can lie ahead of today: a move across time zones (UTC+14 to UTC-12) turns the local date back up to two days. */
const ZONE_MOVE_DAYS = 2;

/**
 * The history with today's reading added: an earlier reading of the same day replaced, days
 * that fall out of HISTORY_DAYS dropped. Days are counted back from the reading's own day, not
 * from the newest stored one: a point dated further ahead (a clock once set ahead) cannot be
 * true, so it goes, and never takes the real days with it. Another server's or user's history
 * starts over.
 */
export function addPoint(history: AccountHistory | undefined, identity: string, point: HistoryPoint): AccountHistory {
  const today = point[0];
  const others = history?.identity === identity ? history.points.filter(([day]) => day !== today && day > today - HISTORY_DAYS && day <= today + ZONE_MOVE_DAYS) : [];
  return { identity, points: [...others, point].sort((a, b) => a[0] - b[0]) };
}

/** The points of the `days` days up to and including `today`. */
export function lastDays(points: readonly HistoryPoint[], today: number, days: number): HistoryPoint[] {
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
export const packPoints = (points: readonly HistoryPoint[]): string => points.map((point) => point.join(',')).join(';');

/** Stored points back as triples; what is not three numbers is left for the guards to drop. */
export const unpackPoints = (packed: string): number[][] => (packed ? packed.split(';').map((point) => point.split(',').map(Number)) : []);
