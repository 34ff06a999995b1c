import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatAgo, formatAhead, formatPercent, shownPercent } from '@/lib/i18n/format';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

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

describe('formatAgo: every past event in words, never in the future tense', () => {
  const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
  const [MINUTE, HOUR, DAY] = [60_000, 3_600_000, 86_400_000];
  beforeEach(() => fakeBrowser.reset());

  // [why, when it happened (from now), English, Japanese]
  it.each<[string, number, string, string]>([
    ['at now', 0, 'just now', 'たった今'],
    ['seconds ago', -59_000, 'just now', 'たった今'],
    ['minutes ago', -3 * MINUTE, '3 minutes ago', '3 分前'],
    ['hours ago', -2 * HOUR, '2 hours ago', '2 時間前'],
    ['a day ago', -DAY, 'yesterday', '昨日'],
    ['a month ago', -30 * DAY, '30 days ago', '30 日前'],
    // Recorded while the clock ran ahead, then set right: it happened, no later than now.
    ['a second after now', 1_000, 'just now', 'たった今'],
    ['a minute after now', MINUTE, 'just now', 'たった今'],
    ['a year after now', 365 * DAY, 'just now', 'たった今'],
  ])('%s (%i ms from now) reads "%s" and 「%s」', (_why, offset, en, ja) => {
    installFakeExtensionApis({ locale: 'en' });
    expect(formatAgo(NOW + offset, NOW, 'en')).toBe(en);
    installFakeExtensionApis({ locale: 'ja' });
    expect(formatAgo(NOW + offset, NOW, 'ja')).toBe(ja);
  });

  it('a due time reads ahead, an overdue one "shortly": formatAhead is the other half', () => {
    installFakeExtensionApis({ locale: 'en' });
    expect(formatAhead(NOW + 2 * HOUR, NOW, 'en')).toBe('in 2 hours');
    expect(formatAhead(NOW - 2 * HOUR, NOW, 'en')).toBe('shortly');
  });
});
