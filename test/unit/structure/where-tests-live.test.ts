import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Tests where a newcomer looks for them (CONTRIBUTING.md, Rules, "Tests"): a module's own
// tests at the path that mirrors it, lib/a/b.ts → test/unit/lib/a/b.test.ts (or .tsx; .ci/'s in
// test/unit/ci/), a large module's aspects beside them as b-<aspect>.test.ts; a page's tests in
// its folder (test/unit/entrypoints/popup/, entrypoints/options/); scenarios in
// test/unit/scenarios/; the project's rules in test/unit/structure/. A module of lib/ with logic
// and no test file at its mirrored path is named, unless it is listed below with where it is
// tested and why there.

const ROOT = resolve(__dirname, '../../..');
const UNIT = 'test/unit';

/** Modules of lib/ with logic whose tests live elsewhere than their mirrored path: where (under test/unit/), and why. */
const TESTED_ELSEWHERE: Record<string, { where: string[]; why: string }> = {
  'lib/background/blocker.ts': {
    where: ['lib/background/account-checks.test.ts', 'scenarios/failure-everywhere.test.tsx'],
    why: 'what holds a check back (missing credentials, no host access), tested as the checks it blocks',
  },
  'lib/background/connection-test.ts': {
    where: ['lib/background/account-checks.test.ts'],
    why: '*Test connection*, tested with the checks as the background answers the command',
  },
  'lib/basics/guards.ts': {
    where: ['lib/store/account-state-reader.test.ts', 'lib/store/history.test.ts'],
    why: 'three one-line checks of values read from outside, tested where a reader meets a damaged value',
  },
  'lib/extension/messages.ts': {
    where: ['entrypoints/background.test.ts'],
    why: 'the pages’ commands to the background: a foreign sender refused and a command answered, through the background as it starts',
  },
  'lib/extension/settings-page.ts': {
    where: ['scenarios/first-run.test.ts'],
    why: 'opening the Settings page once, on install, is the first-run scenario',
  },
  'lib/i18n/translate.ts': {
    where: ['lib/service/failure-words.test.ts', 'lib/i18n/format.test.ts'],
    why: 'the browser’s i18n, faked with the real catalogues (helpers/fake-extension.ts): every test of words reads through it',
  },
  'lib/outlook/card-words.ts': {
    where: [
      'entrypoints/popup/problems.test.tsx',
      'lib/background/publish.test.ts',
      'lib/outlook/next-attempts.test.tsx',
      'entrypoints/options/activity-log.test.tsx',
    ],
    why: 'the card’s words for usage and the next sign-in, tested where the badge, the card and the Settings page’s list say them',
  },
  'lib/outlook/held-check-words.ts': {
    where: ['components/hooks/use-held-check.test.tsx'],
    why: 'one sentence, tested where a page says it and takes it back',
  },
  'lib/outlook/notice-words.ts': {
    where: ['lib/background/display.test.ts', 'lib/outlook/notices.test.ts'],
    why: 'a notice’s words and id, tested as the background shows it',
  },
  'lib/outlook/retry-words.ts': {
    where: ['entrypoints/popup/calm.test.tsx', 'scenarios/past-times.test.tsx'],
    why: 'a failure’s times in words, tested on the card that shows them',
  },
  'lib/service/failures.ts': {
    where: [
      'lib/schedule/backoff.test.ts',
      'lib/service/failure-words.test.ts',
      'lib/store/account-state-reader.test.ts',
      'scenarios/node-lookup.test.ts',
    ],
    why: 'the failure kinds and what each means, tested as the backoff, the remedy, a stored failure read back and the node looked up again',
  },
  'lib/service/header-value.ts': {
    where: ['lib/service/client-unsendable-credentials.test.ts'],
    why: 'what a header can carry, tested with the client that refuses to send the rest',
  },
  'lib/store/account-state.ts': {
    where: ['lib/background/account-checks.test.ts', 'scenarios/sign-in-trust.test.ts'],
    why: 'an account’s record of its checks, written by the background’s runs and tested through them',
  },
  'lib/store/accounts.ts': {
    where: [
      'lib/service/app-key.test.ts',
      'lib/store/writes.test.ts',
      'scenarios/failed-actions.test.tsx',
    ],
    why: 'an account’s fields and identity, tested as they are stored, kept when damaged, exported and sent',
  },
  'lib/store/history-sources.ts': {
    where: ['lib/store/history.test.ts', 'entrypoints/popup/recent-history.test.tsx'],
    why: 'where the history is read from, tested as the recent part and the whole are read back and as the popup watches its sparkline',
  },
  'lib/store/items.ts': {
    where: ['lib/store/reads.test.ts', 'lib/store/writes.test.ts'],
    why: 'the stored items by key and their version markers, tested through the reads and writes that use them',
  },
  'lib/store/load-store.ts': {
    where: ['entrypoints/popup/App.test.tsx', 'structure/run-reads.test.ts'],
    why: 'a page’s or a run’s one read, tested as the popup shows what is stored and as a run reads storage once',
  },
  'lib/store/stored-names.ts': {
    where: ['structure/stored-names.test.ts', 'lib/outlook/notice-ids.test.ts'],
    why: 'the names an installed copy keeps: a contract held with the project’s rules, and the notices’ ids as 0.2.0 made them',
  },
  'lib/store/watch-storage.ts': {
    where: ['entrypoints/popup/App.test.tsx'],
    why: 'hearing a change, tested as the popup updates live when storage changes',
  },
  'lib/store/history-csv.ts': {
    where: ['lib/basics/time.test.ts', 'entrypoints/options/insight.test.tsx'],
    why: 'the history as CSV, tested with the local days its rows name and as the Settings page downloads it',
  },
};

/** The rooms of test/unit/: the mirrors of the code, the scenarios, the rules, and the helpers they share. */
const MIRRORS: Record<string, string> = {
  lib: 'lib',
  components: 'components',
  entrypoints: 'entrypoints',
  scripts: 'scripts',
  testbed: 'testbed',
  ci: '.ci',
};
const ROOMS = [...Object.keys(MIRRORS), 'scenarios', 'structure', 'helpers'];

function files(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : [path];
  });
}

const TEST = /\.test\.tsx?$/;
const SOURCE = /\.tsx?$/;

/** Whether a module does anything: it defines a function, a method or a class (types and constants alone do not). */
function hasLogic(file: string): boolean {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    false,
  );
  const runs = (node: ts.Node) =>
    ((ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isAccessor(node) ||
      ts.isConstructorDeclaration(node)) &&
      node.body !== undefined) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isClassLike(node);
  const found = (node: ts.Node): boolean => runs(node) || ts.forEachChild(node, found) === true;
  return found(source);
}

/** The mirrored test files of a module: lib/a/b.ts → test/unit/lib/a/b.test.ts or .tsx. */
const mirrored = (module: string) =>
  ['ts', 'tsx'].map((ext) => `${UNIT}/${module.replace(SOURCE, '')}.test.${ext}`);

const libModules = files('lib').filter(
  (file) => SOURCE.test(file) && !TEST.test(file) && !file.endsWith('.d.ts'),
);
const untested = libModules.filter(
  (module) => hasLogic(module) && !mirrored(module).some((test) => existsSync(join(ROOT, test))),
);
const unitTests = files(UNIT).filter((file) => TEST.test(file));

describe('where tests live', () => {
  it('every module of lib/ with logic has a test file at its mirrored path, or is listed with where it is tested', () => {
    const missing = untested
      .filter((module) => !(module in TESTED_ELSEWHERE))
      .map((module) => `${module}: no ${mirrored(module)[0]}`);
    expect(missing).toEqual([]);
  });

  it('the list of modules tested elsewhere names only those, each with its reason and test files that exist', () => {
    const stale = Object.entries(TESTED_ELSEWHERE).flatMap(([module, { where, why }]) => [
      ...(untested.includes(module)
        ? []
        : [
            `${module}: ${libModules.includes(module) ? 'has its mirrored test file (or no logic): take it off the list' : 'no such module'}`,
          ]),
      ...(why.trim() === '' ? [`${module}: no reason given`] : []),
      ...where
        .filter((test) => !existsSync(join(ROOT, UNIT, test)))
        .map((test) => `${module}: ${UNIT}/${test} does not exist`),
    ]);
    expect(stale).toEqual([]);
  });

  it('every unit test file sits in a room, and a mirrored one belongs to code that exists', () => {
    const misplaced = unitTests.flatMap((test) => {
      const [room, ...rest] = relative(UNIT, test).split('/');
      if (rest.length === 0 || !ROOMS.includes(room!))
        return [`${test}: not in a room (${ROOMS.join(', ')})`];
      if (!(room! in MIRRORS)) return [];
      // test/unit/<folder>/<name>[-<aspect>].test.ts mirrors <folder>/<name>.ts(x) (test/unit/ci/ mirrors .ci/); a page's folder holds its tests by aspect.
      const folder = dirname(join(MIRRORS[room!]!, ...rest));
      if (!existsSync(join(ROOT, folder))) return [`${test}: no folder ${folder}`];
      const page =
        folder.startsWith('entrypoints/') && existsSync(join(ROOT, folder, 'index.html'));
      const name = basename(test).replace(TEST, '');
      const module = [name, ...aspectOf(name)].some((candidate) =>
        ['ts', 'tsx'].some((ext) => existsSync(join(ROOT, folder, `${candidate}.${ext}`))),
      );
      return page || module
        ? []
        : [`${test}: no module ${folder}/${name}.ts (nor one it is an aspect of)`];
    });
    expect(misplaced).toEqual([]);
  });
});

/** The modules an aspect's test file may belong to: "client-answer-size" → "client", "client-answer". */
function aspectOf(name: string): string[] {
  const parts = name.split('-');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('-'));
}
