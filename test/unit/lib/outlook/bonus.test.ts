import { describe, expect, it } from 'vitest';
import { bonusShortfall, bonusStatus, forecastWithBonus } from '@/lib/outlook/bonus';
import type { KeyBonus } from '@/lib/service/answers';
import type { HistoryPoint } from '@/lib/store/history';
import { GIB as GB } from '@/lib/basics/bytes';
import { DAY_MS as DAY } from '@/lib/basics/time';

// An API key's bonus: whether it applies, the warning before it ends with the account over the
// quota it leaves, and the forecast counted against that quota when the bonus ends first.

const TODAY = 20_000;
const NOW = TODAY * DAY + 12 * 3_600_000;
const at = (ms: number) => ({ epochMs: ms, raw: new Date(ms).toISOString() });
const bonus = (sinceIn: number, untilIn: number, increaseGb = 20): KeyBonus => ({
  since: at(NOW + sinceIn),
  until: at(NOW + untilIn),
  increaseGb,
});

/** 30 days rising 1 GB a day to `usedToday` GB, against `quotaGb` (the bonus included). */
const rising = (usedToday: number, quotaGb: number): HistoryPoint[] =>
  Array.from({ length: 30 }, (_, i): HistoryPoint => [
    TODAY - 29 + i,
    (usedToday - 29 + i) * GB,
    quotaGb * GB,
  ]);

describe('bonusStatus', () => {
  it.each<[string, KeyBonus, string]>([
    ['under way', bonus(-DAY, DAY), 'active'],
    ['not begun', bonus(DAY, 2 * DAY), 'upcoming'],
    ['ended (its last moment included)', bonus(-2 * DAY, 0), 'expired'],
    ['no end sent', { since: at(NOW - DAY), increaseGb: 5 }, 'unknown'],
    ['no start sent, not ended', { until: at(NOW + DAY), increaseGb: 5 }, 'unknown'],
  ])('%s: %s', (_why, given, status) => {
    expect(bonusStatus(given, NOW)).toBe(status);
  });
});

describe('bonusShortfall', () => {
  it('warns within 30 days of the end when what is used would not fit the quota left: by how much', () => {
    expect(bonusShortfall(bonus(-DAY, 20 * DAY), { quota: 100 * GB, used: 90 * GB }, NOW)).toEqual({
      until: NOW + 20 * DAY,
      period: new Date(NOW + 20 * DAY).toISOString(),
      increaseGb: 20,
      overBytes: 10 * GB,
    });
  });

  it.each<[string, KeyBonus | undefined, number]>([
    ['it fits the quota left', bonus(-DAY, 20 * DAY), 70],
    ['the end is more than 30 days off', bonus(-DAY, 31 * DAY), 90],
    ['the bonus has not begun', bonus(DAY, 20 * DAY), 90],
    ['no bonus', undefined, 90],
  ])('says nothing when %s', (_why, given, usedGb) => {
    expect(bonusShortfall(given, { quota: 100 * GB, used: usedGb * GB }, NOW)).toBeUndefined();
  });
});

describe('forecastWithBonus', () => {
  // 50 GB used today, 1 GB a day, 100 GB with a 20 GB bonus: 50 days at the full quota, 30 at the 80 left.
  const points = rising(50, 100);

  it('without a bonus, or one ending after the date, is the plain forecast', () => {
    expect(forecastWithBonus(points, TODAY, NOW, undefined)).toEqual({
      forecast: { kind: 'filling', days: 50 },
    });
    expect(forecastWithBonus(points, TODAY, NOW, bonus(-DAY, 60 * DAY))).toEqual({
      forecast: { kind: 'filling', days: 50 },
    });
  });

  it('a bonus ending first: the date against the quota left once it ends', () => {
    expect(forecastWithBonus(points, TODAY, NOW, bonus(-DAY, 10 * DAY))).toEqual({
      forecast: { kind: 'filling', days: 30 },
      bonusEnd: { until: NOW + 10 * DAY, increaseGb: 20 },
    });
  });

  it('full on the day the bonus ends when the usage outgrows the quota left before then', () => {
    expect(forecastWithBonus(points, TODAY, NOW, bonus(-DAY, 40 * DAY)).forecast).toEqual({
      kind: 'filling',
      days: 40,
    });
  });

  it('already over the quota left: full when the bonus ends', () => {
    expect(forecastWithBonus(rising(50, 60), TODAY, NOW, bonus(-DAY, 5 * DAY))).toEqual({
      forecast: { kind: 'filling', days: 5 },
      bonusEnd: { until: NOW + 5 * DAY, increaseGb: 20 },
    });
  });

  it('a bonus not under way changes nothing', () => {
    expect(forecastWithBonus(points, TODAY, NOW, bonus(DAY, 10 * DAY))).toEqual({
      forecast: { kind: 'filling', days: 50 },
    });
    expect(forecastWithBonus(points, TODAY, NOW, bonus(-10 * DAY, -DAY))).toEqual({
      forecast: { kind: 'filling', days: 50 },
    });
  });
});
