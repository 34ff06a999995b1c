import type { HistoryPoint } from './history';
import { dayStart } from '../basics/time';

/** A history as CSV (RFC 4180): the local calendar date (ISO), used bytes, quota bytes. */
export function historyCsv(points: readonly HistoryPoint[]): string {
  const rows = points.map(
    ([day, used, quota]) =>
      `${new Date(dayStart(day)).toISOString().slice(0, 10)},${used},${quota}`,
  );
  return `${['date,used_bytes,quota_bytes', ...rows].join('\r\n')}\r\n`;
}
