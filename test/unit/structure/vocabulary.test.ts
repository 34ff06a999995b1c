import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../testbed/catalogue';

// One name for each thing the user meets (docs/design.md, and the team's guide): the regular
// getUser is a sign-in (サインイン), the capacity call a usage update, the options page the
// Settings page (設定画面). These are the names it used to have; none may come back, in the
// catalogues' texts and keys nor in the code's identifiers, string literals, CSS classes and file
// names.
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
    // "Settings" is the page and the shared settings; what an export writes is the export file.
    { word: 'settings file (the export file)', pattern: /\bsettings file\b/i },
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
    { word: '設定ファイル (エクスポートしたファイル)', pattern: /設定ファイル/ },
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

// ---- the code ----------------------------------------------------------------------------

const ROOT = resolve(__dirname, '../../..');
const CODE_FOLDERS = ['lib', 'components', 'entrypoints', 'build', 'testbed', 'scripts', 'test'];
const NOT_OURS = new Set(['node_modules', '.output', '.wxt', 'fixtures']);
const LOCALES = 'lib/i18n/locales';

/**
 * The retired names as words of an identifier, a file name, a string literal, a CSS class or a
 * catalogue key (`keepAliveAt`, `keep-alive.ts`, `'keep alive'`: "keep alive at").
 */
const RETIRED_IN_CODE = [
  { word: 'keep-alive', pattern: /\bkeep alive\b/ },
  { word: 'refresh', pattern: /\brefresh(es|ed|ing)?\b/ },
  { word: 'task', pattern: /\btasks?\b/ },
  { word: 'capacity polling', pattern: /\bcapacity poll/ },
  { word: 'options page', pattern: /\boptions (page|nav)/ },
  { word: 'settings file', pattern: /\bsettings file\b/ },
];
/**
 * A class and a catalogue key name a part of a page or a text: "options" there can only be the
 * Settings page's old name. (In a string literal it is also WXT's entrypoint, `options.html`,
 * which keeps WXT's name: entrypoints/options/index.html says so.)
 */
const RETIRED_IN_NAMES = [...RETIRED_IN_CODE, { word: 'options', pattern: /\boptions\b/ }];

/**
 * Names that keep an old word on purpose: stored names, a contract with every installed copy
 * (docs/architecture.md, "One name per thing"; lib/store/stored-names.ts), and the browser's API.
 */
const KEPT = new Set([
  'keepAlive', // a snapshot's sign-in state
  'refresh', // a snapshot's usage update state, and the usage update's alarm
  'keepAliveHours', // the settings
  'refreshMinutes',
  'notifyKeepAlive',
  'keepAliveNotices', // a snapshot's alerts
  'keepAliveNoticeAt',
  'keepAliveFailing', // 0.1.0's alerts, read to carry them over
  'openOptionsPage', // the browser's runtime API
]);

/** Names kept in string literals too: the sign-in's alarm, and the notifications' id prefix. */
const KEPT_IN_LITERALS = new Set([...KEPT, 'keep-alive']);

/**
 * Stored names the product reads into its own words at the store's edge (the settings' and the
 * alerts' fields), spelled in the product only there; tests and tools spell stored data as stored.
 */
const KEPT_AT_THE_EDGE = [
  'keepAliveHours',
  'refreshMinutes',
  'notifyKeepAlive',
  'keepAliveNotices',
  'keepAliveNoticeAt',
  'keepAliveFailing',
];
/** The store's edge: the list of stored names, and the snapshot reader (0.1.0's flag). */
const THE_STORES_EDGE = ['lib/store/stored-names.ts', 'lib/store/account-state-reader.ts'];
const beyondTheEdge = (kept: Set<string>) =>
  new Set([...kept].filter((name) => !KEPT_AT_THE_EDGE.includes(name)));
/** The names a file may keep: the product past the store's edge keeps fewer. */
const keptIn = (file: string, kept: Set<string>) =>
  /^(lib|components|entrypoints)\//.test(file) && !THE_STORES_EDGE.includes(file)
    ? beyondTheEdge(kept)
    : kept;

/** Files whose string literals hold retired words on purpose (their identifiers are still read). */
const LITERALS_KEPT_IN: Record<string, string> = {
  'test/unit/structure/vocabulary.test.ts':
    'the retired words themselves, and the texts its own cases read',
  'testbed/kept-releases.ts': 'the catalogue keys of releases already shipped, as they shipped',
  'scripts/bench-trace.ts': "Chrome's trace events in Chrome's words (RunTask: a main-thread task)",
};

/** A name's words: `keepAliveAt`, `keep-alive-at`, `KEEP_ALIVE_AT` → "keep alive at". */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .toLowerCase();

/** The names a string literal holds: `'keep-alive:id-1'` → `keep-alive`, `id-1`. */
const namesInLiteral = (text: string) => text.split(/[^\w-]+/).filter(Boolean);

function codeFiles(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    if (NOT_OURS.has(name)) return [];
    const path = join(folder, name);
    return statSync(join(ROOT, path)).isDirectory() ? codeFiles(path) : [path];
  });
}

/** What a source names: its identifiers, the texts of its string literals, its JSX classes. */
interface Names {
  identifiers: Set<string>;
  literals: Set<string>;
  classes: Set<string>;
}

const isTemplatePart = (node: ts.Node): node is ts.TemplateLiteralLikeNode =>
  ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);

/** The text of each string literal and template part under a node. */
function literalTexts(node: ts.Node): string[] {
  const texts: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isStringLiteralLike(child) || isTemplatePart(child)) texts.push(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return texts;
}

function namesIn(file: string, text: string): Names {
  const names: Names = { identifiers: new Set(), literals: new Set(), classes: new Set() };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.identifiers.add(node.text);
    if (ts.isStringLiteralLike(node) || isTemplatePart(node)) names.literals.add(node.text);
    if (
      ts.isJsxAttribute(node) &&
      ['class', 'className'].includes(node.name.getText()) &&
      node.initializer
    )
      for (const value of literalTexts(node.initializer))
        for (const name of value.split(/\s+/).filter(Boolean)) names.classes.add(name);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return names;
}

/** The class names of a style sheet's selectors (what stands before each `{`, comments gone). */
function classesInCss(css: string): string[] {
  const selectors = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)].map(
    ([, selector]) => selector!,
  );
  return selectors.flatMap((selector) =>
    [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!),
  );
}

const retiredIn = (name: string, retired = RETIRED_IN_CODE, kept = KEPT) =>
  kept.has(name)
    ? []
    : retired.filter(({ pattern }) => pattern.test(wordsOf(name))).map(({ word }) => word);

/**
 * Each retired name in a file's name, its identifiers, its string literals and its classes (in
 * JSX `class` attributes, or a style sheet's selectors), as "path: name (word)", but those kept.
 */
function codeOffenders(files: readonly string[], read: (file: string) => string): string[] {
  return files.flatMap((file) => {
    const own = basename(file).replace(/\..*$/, '');
    const found = retiredIn(own).map((word) => `${file}: file name (${word})`);
    const report = (
      kind: string,
      names: Iterable<string>,
      retired = RETIRED_IN_CODE,
      kept = KEPT,
    ) =>
      [...new Set(names)].flatMap((name) =>
        retiredIn(name, retired, kept).map((word) => `${file}: ${kind}${name} (${word})`),
      );
    if (file.endsWith('.css'))
      return [...found, ...report('class .', classesInCss(read(file)), RETIRED_IN_NAMES)];
    if (!/\.(ts|tsx|mjs|js)$/.test(file)) return found;
    const { identifiers, literals, classes } = namesIn(file, read(file));
    return [
      ...found,
      ...report('', identifiers, RETIRED_IN_CODE, keptIn(file, KEPT)),
      ...(file in LITERALS_KEPT_IN
        ? []
        : report(
            'string ',
            [...literals].flatMap(namesInLiteral),
            RETIRED_IN_CODE,
            keptIn(file, KEPT_IN_LITERALS),
          )),
      ...report('class .', classes, RETIRED_IN_NAMES),
    ];
  });
}

/** Each catalogue key that uses a retired name, as "locale: key (word)". */
const keyOffenders = (catalogues: Record<string, Record<string, string>>) =>
  Object.entries(catalogues).flatMap(([locale, messages]) =>
    Object.keys(messages).flatMap((key) =>
      retiredIn(key, RETIRED_IN_NAMES).map((word) => `${locale}: ${key} (${word})`),
    ),
  );

describe('one vocabulary in the code', () => {
  const files = CODE_FOLDERS.flatMap(codeFiles);

  it('no identifier, string literal, class or file name uses a retired name, but the stored names kept as a contract', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => file.endsWith('.css')).length).toBeGreaterThanOrEqual(3);
    expect(codeOffenders(files, (file) => readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('no catalogue key uses a retired name: the page is Settings in keys too', () => {
    const catalogues = Object.fromEntries(
      readdirSync(join(ROOT, LOCALES)).map((name) => [
        name,
        JSON.parse(readFileSync(join(ROOT, LOCALES, name), 'utf8')) as Record<string, string>,
      ]),
    );
    expect(Object.keys(catalogues)).toEqual(['en.json', 'ja.json']);
    expect(keyOffenders(catalogues)).toEqual([]);
  });

  it('finds a retired name in an identifier and in a file name, and leaves the kept ones', () => {
    const text = 'const keepAliveAt = 1; const s = { keepAliveHours: 24 }; popup.refresh();';
    expect(codeOffenders(['testbed/a.ts', 'test/e2e/keep-alive.test.ts'], () => text)).toEqual([
      'testbed/a.ts: keepAliveAt (keep-alive)',
      'test/e2e/keep-alive.test.ts: file name (keep-alive)',
      'test/e2e/keep-alive.test.ts: keepAliveAt (keep-alive)',
    ]);
    expect(codeOffenders(['lib/b.ts'], () => 'type Task = 1; const capacityPolling = 2;')).toEqual([
      'lib/b.ts: Task (task)',
      'lib/b.ts: capacityPolling (capacity polling)',
    ]);
  });

  it('finds a stored name read at the store’s edge anywhere else in the product, and leaves it there and in tests', () => {
    const text = "const s = { keepAliveHours: 24 }; read('keepAliveNotices');";
    expect(
      codeOffenders(
        [
          'lib/outlook/a.ts',
          'components/B.tsx',
          'lib/store/stored-names.ts',
          'test/unit/a.test.ts',
        ],
        () => text,
      ),
    ).toEqual([
      'lib/outlook/a.ts: keepAliveHours (keep-alive)',
      'lib/outlook/a.ts: string keepAliveNotices (keep-alive)',
      'components/B.tsx: keepAliveHours (keep-alive)',
      'components/B.tsx: string keepAliveNotices (keep-alive)',
    ]);
  });

  it('finds a retired name in a string literal, and leaves a kept stored name in one', () => {
    const text = `it('refreshes the card', () => show(\`alarm keep-alive:\${id}\`, 'keepAliveHours'));`;
    expect(codeOffenders(['test/unit/a.test.ts'], () => text)).toEqual([
      'test/unit/a.test.ts: string refreshes (refresh)',
    ]);
  });

  it("finds options in a class, in a style sheet or a JSX class attribute, and not in WXT's entrypoint", () => {
    const css =
      '/* .options__old */ .settings { color: red } @media (x) { .options__main p { margin: 1.5em } }';
    expect(codeOffenders(['entrypoints/options/style.css'], () => css)).toEqual([
      'entrypoints/options/style.css: class .options__main (options)',
    ]);
    const tsx = `const a = <div class={\`card \${wide ? 'options__footer' : ''}\`} />; open('options');`;
    expect(codeOffenders(['entrypoints/options/App.tsx'], () => tsx)).toEqual([
      'entrypoints/options/App.tsx: class .options__footer (options)',
    ]);
  });

  it('finds options in a catalogue key, and leaves it in a text', () => {
    expect(keyOffenders({ 'en.json': { optionsTitle: 'Settings', note: 'More options' } })).toEqual(
      ['en.json: optionsTitle (options)'],
    );
  });
});
