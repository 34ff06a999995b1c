import { describe, expect, it } from 'vitest';
import { formatPercent, shownPercent } from '@/lib/i18n/format';

describe('shownPercent: the one rounding of a percentage, wherever it is shown', () => {
  // [used %, shown]: one decimal below 10 %, whole from there on, half up; never 100 before full.
  it.each<[number, number]>([
    [0, 0],
    [0.34, 0.3],
    [5.5, 5.5],
    [5.54, 5.5],
    [9.94, 9.9],
    [9.96, 10],
    [10.4, 10],
    [10.5, 11],
    [40.6, 41],
    [89.5, 90],
    [99.4, 99],
    [99.5, 99],
    [99.96, 99],
    [100, 100],
    [120.4, 120],
  ])('%s percent is shown as %s', (percent, shown) => {
    expect(shownPercent(percent)).toBe(shown);
  });
});

describe('formatPercent', () => {
  it.each<[number, string, string]>([
    [5.5, '5.5%', '5.5%'],
    [9.96, '10%', '10%'],
    [99.5, '99%', '99%'],
    [99.96, '99%', '99%'],
    [100, '100%', '100%'],
  ])('%s percent reads "%s" in English and "%s" in Japanese', (percent, en, ja) => {
    expect(formatPercent(percent, 'en')).toBe(en);
    expect(formatPercent(percent, 'ja')).toBe(ja);
  });
});
