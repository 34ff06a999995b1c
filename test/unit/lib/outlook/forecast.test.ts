import { describe, expect, it } from 'vitest';
import {
  forecast,
  FORECAST_MIN_DAYS as MIN_DAYS,
  FORECAST_WINDOW_DAYS as WINDOW,
  type Forecast,
} from '@/lib/outlook/forecast';
import type { HistoryPoint } from '@/lib/store/history';
import { GIB as GB } from '@/lib/basics/bytes';

// The least-squares forecast, table by table: days of usage in, "full in N days" out.

const TODAY = 20_000;

/** One point a day for the last `days` days (today included), usage given by the day's index from the first. */
function daily(days: number, used: (i: number) => number, quota = 100 * GB): HistoryPoint[] {
  return Array.from({ length: days }, (_, i): HistoryPoint => [
    TODAY - days + 1 + i,
    Math.round(used(i)),
    quota,
  ]);
}

/** Deterministic noise: ±`amplitude`, summing to about zero over any week. */
const noise = (i: number, amplitude: number) =>
  amplitude * [0.9, -0.4, 0.3, -1, 0.6, -0.2, -0.2][i % 7]!;

describe('forecast', () => {
  it.each<[string, HistoryPoint[], Forecast]>([
    ['no history', [], { kind: 'unknown' }],
    [
      'too short: a day less than needed, of steep growth',
      daily(MIN_DAYS - 1, (i) => 50 * GB + i * 5 * GB),
      { kind: 'unknown' },
    ],
    ['flat', daily(30, () => 40 * GB), { kind: 'not-filling' }],
    ['falling', daily(30, (i) => 80 * GB - i * GB), { kind: 'not-filling' }],
    // 50 GB used today, 1 GB a day: 50 days to 100 GB.
    ['a steady rise', daily(30, (i) => 21 * GB + i * GB), { kind: 'filling', days: 50 }],
    [
      'exactly the days needed (a week) are enough',
      daily(MIN_DAYS, (i) => (51 - MIN_DAYS) * GB + i * GB),
      { kind: 'filling', days: 50 },
    ],
    // The same rise with a few GB of daily noise: about the same answer.
    [
      'a noisy rise',
      daily(30, (i) => 21 * GB + i * GB + noise(i, 3 * GB)),
      { kind: 'filling', days: expect.toSatisfy((d: number) => d >= 45 && d <= 58) as never },
    ],
    [
      'noise around a flat line',
      daily(28, (i) => 40 * GB + noise(i, 2 * GB)),
      { kind: 'not-filling' },
    ],
    [
      'a rise so slow it would take over five years',
      daily(30, (i) => 40 * GB + i * 10 * 1024 ** 2),
      { kind: 'not-filling' },
    ],
    ['already full', daily(30, (i) => 70 * GB + i * GB, 99 * GB), { kind: 'unknown' }],
    ['quota of zero', daily(30, (i) => i, 0), { kind: 'unknown' }],
  ])('%s', (_name, points, expected) => {
    expect(forecast(points, TODAY)).toEqual(expected);
  });

  it('looks only at the last 30 days: an old steep climb followed by a flat month is not filling', () => {
    const old = daily(2 * WINDOW, (i) => i * GB).slice(0, WINDOW);
    const flat = daily(WINDOW, () => 30 * GB);
    expect(forecast([...old, ...flat], TODAY)).toEqual({ kind: 'not-filling' });
  });

  it('needs seven days of data within the window, not seven points spread over months', () => {
    const sparse = Array.from({ length: 10 }, (_, i): HistoryPoint => [
      TODAY - 90 + i * 10,
      (10 + i) * GB,
      100 * GB,
    ]);
    expect(forecast(sparse, TODAY)).toEqual({ kind: 'unknown' });
  });

  it('counts from today when the last reading is a few days old, and says at least one day', () => {
    const threeDaysOld = (points: HistoryPoint[]) =>
      points.map(([day, used, quota]): HistoryPoint => [day - 3, used, quota]);
    expect(forecast(threeDaysOld(daily(30, (i) => 21 * GB + i * GB)), TODAY)).toEqual({
      kind: 'filling',
      days: 47,
    });
    // 1 GB left three days ago, at 1 GB a day: due already, said as "about 1 day".
    expect(forecast(threeDaysOld(daily(30, (i) => 70 * GB + i * GB)), TODAY)).toEqual({
      kind: 'filling',
      days: 1,
    });
  });
});
