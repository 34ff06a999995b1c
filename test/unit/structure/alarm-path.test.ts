import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  callsIn,
  parse,
  pathProblems as pathProblemsThrough,
  read,
  resolveSpecifier,
} from '../helpers/call-paths';

// One alarm's run, from the listener in entrypoints/background.ts to the badge and the stored
// result (docs/architecture.md draws it). Its path to the getUser request is held hop by hop
// (HOPS): each function calls the next itself, down the layers, handing no function of its own
// to another module to call back, visiting no module twice. And every project file the run can
// execute is followed — the background's value imports, however written (import, export … from,
// import()), and the functions the listener hands it (the service client, the host-access
// check) — and a file "acts" when its own code reaches the browser's API, storage or the
// network. The run acts through exactly the files listed below; everything else on it decides
// or words.

const LISTENER = 'entrypoints/background.ts';
const EVENTS = 'lib/background/events.ts';

/** The files one alarm's run acts through (docs/architecture.md, "The path of one alarm"). */
const ACTING = [
  'entrypoints/background.ts', // the listener, and the worker's wiring
  'lib/background/display.ts', // notifications and the badge
  'lib/extension/permissions.ts', // whether host access is held (handed to the background as canReach)
  'lib/i18n/translate.ts', // the notices' and the badge's words, from the browser's i18n
  'lib/schedule/alarms.ts', // the periodic alarms and the retry
  'lib/service/client.ts', // getUser and the capacity call (handed to the background as api)
  'lib/store/items.ts', // storage itself: every read and write of the stored items goes through it
];

/** Every module a source loads when it runs: value imports, re-exports and dynamic imports (type-only ones run nothing). */
function loadedSpecifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
          : undefined;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          named &&
          named.length > 0 &&
          named.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The packages through which code reaches the browser's API or its storage. */
const BROWSER_PACKAGES =
  /^(wxt\/browser|wxt\/utils\/storage|@wxt-dev\/(storage|i18n|browser|webextension-polyfill)|webextension-polyfill)$/;
/** Globals that reach the browser's API or the network without an import. */
const ACTING_GLOBALS = new Set([
  'fetch',
  'chrome',
  'browser',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'navigator',
  'indexedDB',
  'localStorage',
]);

/** Whether a source's own code reaches the browser's API, storage or the network. */
function actsIn(source: ts.SourceFile): boolean {
  if (loadedSpecifiers(source).some((specifier) => BROWSER_PACKAGES.test(specifier))) return true;
  const declared = new Set<string>();
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isImportSpecifier(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    )
      declared.add(node.name.text);
    if (ts.isIdentifier(node) && ACTING_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const viaGlobal =
        ts.isPropertyAccessExpression(parent) &&
        parent.name === node &&
        ts.isIdentifier(parent.expression) &&
        ['globalThis', 'self', 'window'].includes(parent.expression.text);
      // A property's name (`api.fetch`, `{ fetch: … }`) is not the global, unless read off the global object.
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isPropertySignature(parent)) &&
          parent.name === node);
      if (viaGlobal) used.add(`globalThis.${node.text}`);
      else if (!isName) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A name the file declares itself (a parameter called fetch) is its own, not the global.
  return [...used].some((name) => name.startsWith('globalThis.') || !declared.has(name));
}

const acts = (file: string) => actsIn(parse(file, read(file)));

/** The project files loaded, directly or not, when `start` runs. */
function reachable(start: readonly string[]): string[] {
  const seen = new Set(start);
  for (const file of seen)
    for (const specifier of loadedSpecifiers(parse(file, read(file)))) {
      const target = resolveSpecifier(file, specifier);
      if (target) seen.add(target);
    }
  return [...seen];
}

/** The project files whose functions the listener hands the background (`createBackgroundService({ … })`). */
function handedToBackground(): string[] {
  const source = parse(LISTENER, read(LISTENER));
  const importedFrom = new Map<string, string>();
  const handed: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    ) {
      for (const element of node.importClause.namedBindings.elements)
        importedFrom.set(element.name.text, node.moduleSpecifier.text);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'createBackgroundService'
    ) {
      const collect = (inner: ts.Node) => {
        if (ts.isIdentifier(inner) && importedFrom.has(inner.text))
          handed.push(resolveSpecifier(LISTENER, importedFrom.get(inner.text)!)!);
        ts.forEachChild(inner, collect);
      };
      node.arguments.forEach(collect);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return handed.filter(Boolean);
}

const onTheRun = reachable([EVENTS, ...handedToBackground()]);

/**
 * One sign-in alarm's path from its listener to the getUser request (docs/architecture.md, "The
 * path of one alarm"): each step a function, in its file, that calls the next one itself.
 */
const HOPS = [
  ['entrypoints/background.ts', 'onAlarm'], // the listener
  ['lib/background/events.ts', 'onAlarm'], // what the alarm means, the queue, the run's one read
  ['lib/background/events.ts', 'checkAccounts'], // each account's checks side by side, then publish
  ['lib/background/account-checks.ts', 'checkAccount'], // the chosen checks, in order
  ['lib/background/account-checks.ts', 'signIn'], // what blocks it, then the request
  ['lib/service/client.ts', 'getUser'], // the request
] as const;
/** The most hops the path may take (issue 39). */
const MOST_HOPS = 6;
/** The layers a call may go down, from the top: the listener, the background, the service client. */
const PATH_LAYERS = ['entrypoints/', 'lib/background/', 'lib/service/'];
const pathProblems = (hops: readonly (readonly [string, string])[], mostHops: number) =>
  pathProblemsThrough(hops, mostHops, PATH_LAYERS);
describe('one alarm', () => {
  it(`reaches getUser from its listener in ${HOPS.length - 1} hops, at most ${MOST_HOPS}, each called by the one before, down the layers, no function handed back, no module visited twice`, () => {
    expect(pathProblems(HOPS, MOST_HOPS)).toEqual([]);
    expect(HOPS.length - 1).toBe(5);
  });

  it('reaches the background from its listener, which hands it the service client and the host-access check', () => {
    expect(read(LISTENER)).toMatch(/browser\.alarms\.onAlarm\.addListener/);
    expect(handedToBackground().sort()).toEqual([
      'lib/extension/permissions.ts',
      'lib/service/client.ts',
    ]);
  });

  it(`acts through ${ACTING.length} files, found however they are imported`, () => {
    expect([LISTENER, ...onTheRun].filter(acts).sort()).toEqual(ACTING);
  });

  it('is decided and worded on the way by modules of its own that touch neither the browser nor the network', () => {
    const deciders = onTheRun.filter((file) => !acts(file));
    expect(deciders.length).toBeGreaterThan(20);
    expect(deciders.filter((file) => !file.startsWith('lib/'))).toEqual([]);
  });
});

describe('the guard itself', () => {
  it('names a hop that does not call the next, a closure handed back, a module visited twice, and too many hops', () => {
    const skipped = [HOPS[0], HOPS[1], HOPS[3], HOPS[4], HOPS[5]] as const;
    expect(pathProblems(skipped, MOST_HOPS)).toEqual([
      'lib/background/events.ts onAlarm does not call checkAccount itself',
    ]);
    const back = [HOPS[2], HOPS[1]] as const;
    expect(pathProblems(back, MOST_HOPS)).toContain(
      'lib/background/events.ts checkAccounts does not call onAlarm itself',
    );
    expect(
      pathProblems(
        [HOPS[1], HOPS[3], ['lib/background/events.ts', 'checkAccounts']] as const,
        MOST_HOPS,
      ),
    ).toContain('lib/background/events.ts visited twice on the way');
    expect(pathProblems(HOPS, 4)).toContain('5 hops: more than 4');
    const text = 'const f = () => other.track(a, (s) => g(s)) && h(() => 1) && xs.map((x) => x);';
    expect(callsIn(parse('x.ts', text), new Set(['h']))).toEqual([
      { name: 'track', handsBack: true },
      { name: 'g', handsBack: false },
      { name: 'h', handsBack: true },
      { name: 'map', handsBack: false },
    ]);
  });

  const actsText = (text: string) => actsIn(parse('x.ts', text));

  it('sees the browser, storage and the network however they are reached', () => {
    expect(
      actsText(
        `import { browser } from "wxt/browser";\nexport const f = () => browser.permissions.contains({ origins: [] });`,
      ),
    ).toBe(true);
    expect(actsText(`import { i18n } from '@wxt-dev/i18n';\nexport const t = i18n.t;`)).toBe(true);
    expect(actsText(`export { storage } from '@wxt-dev/storage';`)).toBe(true);
    expect(actsText(`export const load = () => import('wxt/browser');`)).toBe(true);
    expect(actsText(`export const get = (url: string) => fetch(url);`)).toBe(true);
    expect(actsText(`export const lang = () => chrome.i18n.getUILanguage();`)).toBe(true);
    expect(actsText(`export const lang = () => globalThis.browser.i18n.getUILanguage();`)).toBe(
      true,
    );
  });

  it('leaves alone what only looks like it: type imports, property names, a parameter of that name', () => {
    expect(actsText(`import type { Browser } from 'wxt/browser';\nexport type B = Browser;`)).toBe(
      false,
    );
    expect(actsText(`export const call = (api: { fetch: () => void }) => api.fetch();`)).toBe(
      false,
    );
    expect(actsText(`export const call = (fetch: () => void) => fetch();`)).toBe(false);
    expect(actsText(`// fetch(url) and browser.i18n in a comment\nexport const n = 1;`)).toBe(
      false,
    );
  });

  it('follows every way a module is loaded, and leaves out type-only imports', () => {
    const specifiers = loadedSpecifiers(
      parse(
        'x.ts',
        `import a from "./a";\nimport type { B } from './b';\nimport { type C } from './c';\nexport * from './d';\nexport { e } from "./e";\nconst f = () => import('./f');`,
      ),
    );
    expect(specifiers).toEqual(['./a', './d', './e', './f']);
  });
});
