import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../testbed/catalogue';

// One name for each thing the user meets (tools/COMMON.md, "One vocabulary"): the regular
// getUser is a sign-in (サインイン), the capacity call a usage update, the options page the
// Settings page (設定画面). These are the names it used to have; none may come back.
const RETIRED: Record<'en' | 'ja', { word: string; pattern: RegExp }[]> = {
  en: [
    { word: 'keep-alive', pattern: /\bkeep[- ]alive\b/i },
    { word: 'kept alive', pattern: /\bkept alive\b/i },
    { word: 'login', pattern: /\blog-?ins?\b/i },
    { word: 'logged in', pattern: /\blogged in\b/i },
    { word: 'log in', pattern: /\blog in\b/i },
    { word: 'signed in as', pattern: /\bsigned in as\b/i },
    { word: 'the options (page)', pattern: /\b(the|its) options\b/i },
    { word: 'almost full (say the level and the percentage)', pattern: /\balmost full\b/i },
  ],
  ja: [
    { word: 'ログイン記録', pattern: /ログイン(の)?記録/ },
    { word: '維持', pattern: /維持/ },
    { word: 'ログイン', pattern: /ログイン/ },
    // The page is 設定画面; "設定で" (in the settings) names no one thing.
    { word: '設定で', pattern: /(?<!画面|の)設定で(?!き)/ },
    // Both mean "almost full": a user cannot rank them. The levels are 注意 and 危険.
    { word: '残りわずか', pattern: /残りわずか/ },
    { word: 'ほぼ満杯', pattern: /ほぼ満杯/ },
  ],
};

/** Each message of a catalogue that uses a retired word, as "key: word". */
const offenders = (
  messages: Record<string, string>,
  retired: { word: string; pattern: RegExp }[],
) =>
  Object.entries(messages).flatMap(([key, text]) =>
    retired.filter(({ pattern }) => pattern.test(text)).map(({ word }) => `${key}: ${word}`),
  );

describe('one vocabulary in both catalogues', () => {
  it.each(['en', 'ja'] as const)('%s uses no retired name', (language) => {
    expect(offenders(catalogue(language), RETIRED[language])).toEqual([]);
  });

  it('Japanese names no section just 設定 (設定 alone is neither the page nor a section)', () => {
    expect(
      Object.entries(catalogue('ja'))
        .filter(([, text]) => text === '設定')
        .map(([key]) => key),
    ).toEqual([]);
  });

  it('Japanese names the usage levels one way, ranked at a glance: 注意, then 危険', () => {
    const ja = catalogue('ja');
    const named = (level: string, keys: string[]) =>
      keys.filter((key) => !ja[key]!.includes(level));
    expect(
      named('注意', [
        'levelWarning',
        'settingWarning',
        'noticeUsageWarningTitle',
        'settingNotifyUsage',
      ]),
    ).toEqual([]);
    expect(
      named('危険', [
        'levelCritical',
        'settingCritical',
        'noticeUsageCriticalTitle',
        'settingNotifyUsage',
      ]),
    ).toEqual([]);
  });

  it('finds a retired name where one is used', () => {
    expect(
      offenders({ a: 'Keep-alive is failing', b: 'Last sign-in 3 minutes ago' }, RETIRED.en),
    ).toEqual(['a: keep-alive']);
    expect(
      offenders(
        { a: '設定で入力してください', b: '設定画面で入力', c: '設定できます' },
        RETIRED.ja,
      ),
    ).toEqual(['a: 設定で']);
  });
});
