import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../testbed/catalogue';

// One name for each thing the user meets (docs/design.md, and the team's guide): the regular
// getUser is a sign-in (サインイン), the capacity call a usage update, the options page the
// Settings page (設定画面). These are the names it used to have; none may come back, in the
// catalogues nor in the code's identifiers and file names.
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

// ---- the code ---------------------------------------------------------------------------

const ROOT = resolve(__dirname, '../../..');
const CODE_FOLDERS = ['lib', 'components', 'entrypoints', 'build', 'testbed', 'scripts', 'test'];
const NOT_OURS = new Set(['node_modules', '.output', '.wxt', 'fixtures']);

/** The retired names as words of an identifier or a file name (`keepAliveAt`, `keep-alive.ts`: "keep alive at"). */
const RETIRED_IN_CODE = [
  { word: 'keep-alive', pattern: /\bkeep alive\b/ },
  { word: 'refresh', pattern: /\brefresh(es|ed|ing)?\b/ },
  { word: 'task', pattern: /\btasks?\b/ },
  { word: 'capacity polling', pattern: /\bcapacity poll/ },
  { word: 'options page', pattern: /\boptions (page|nav)/ },
];

/**
 * Identifiers that keep an old name on purpose: stored names, a contract with every installed
 * copy (docs/architecture.md, "One name per thing"), and the browser's own API.
 */
const KEPT = new Set([
  'keepAlive', // a snapshot's sign-in state
  'refresh', // a snapshot's usage update state
  'keepAliveHours', // the settings
  'refreshMinutes',
  'notifyKeepAlive',
  'keepAliveNotices', // a snapshot's alerts
  'keepAliveNoticeAt',
  'keepAliveFailing', // 0.1.0's alerts, read to carry them over
  'openOptionsPage', // the browser's runtime API
]);

/** A name's words: `keepAliveAt`, `keep-alive-at`, `KEEP_ALIVE_AT` → "keep alive at". */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .toLowerCase();

function codeFiles(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    if (NOT_OURS.has(name)) return [];
    const path = join(folder, name);
    return statSync(join(ROOT, path)).isDirectory() ? codeFiles(path) : [path];
  });
}

/** Each identifier of a source, as written. */
function identifiersIn(file: string, text: string): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return found;
}

/** Each retired name in a file's name or its identifiers, as "path: name (word)", but those kept. */
function codeOffenders(files: readonly string[], read: (file: string) => string): string[] {
  const retired = (name: string) =>
    RETIRED_IN_CODE.filter(({ pattern }) => pattern.test(wordsOf(name))).map(({ word }) => word);
  return files.flatMap((file) => {
    const own = basename(file).replace(/\..*$/, '');
    const named = retired(own).map((word) => `${file}: file name (${word})`);
    if (!/\.(ts|tsx|mjs|js)$/.test(file)) return named;
    const identifiers = [...identifiersIn(file, read(file))].filter((id) => !KEPT.has(id));
    return [
      ...named,
      ...identifiers.flatMap((id) => retired(id).map((word) => `${file}: ${id} (${word})`)),
    ];
  });
}

describe('one vocabulary in the code', () => {
  const files = CODE_FOLDERS.flatMap(codeFiles);

  it('no identifier and no file name uses a retired name, but the stored names kept as a contract', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(codeOffenders(files, (file) => readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('finds a retired name in an identifier and in a file name, and leaves the kept ones', () => {
    const text = 'const keepAliveAt = 1; const s = { keepAliveHours: 24 }; popup.refresh();';
    expect(codeOffenders(['lib/a.ts', 'test/e2e/keep-alive.test.ts'], () => text)).toEqual([
      'lib/a.ts: keepAliveAt (keep-alive)',
      'test/e2e/keep-alive.test.ts: file name (keep-alive)',
      'test/e2e/keep-alive.test.ts: keepAliveAt (keep-alive)',
    ]);
    expect(codeOffenders(['lib/b.ts'], () => 'type Task = 1; const capacityPolling = 2;')).toEqual([
      'lib/b.ts: Task (task)',
      'lib/b.ts: capacityPolling (capacity polling)',
    ]);
  });
});
