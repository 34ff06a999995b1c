import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One alarm, from the listener in entrypoints/background.ts to the badge and the stored result,
// acts through six files (docs/architecture.md draws the path): the listener, the runner that
// orchestrates the run, and the four it acts through — storage read (items.ts) and written
// (writes.ts), the service (client.ts, handed to the runner by the entrypoint) and the screen
// (display.ts: notices and the badge). Everything else the runner calls decides or words, and
// touches neither the browser nor the network: pure readings in lib/outlook/ and the store's and
// service's models. A file "acts" when it imports the browser's API or storage, or calls fetch.

const ROOT = resolve(__dirname, '../../..');
const LISTENER = 'entrypoints/background.ts';
const RUNNER = 'lib/background/runner.ts';
const CLIENT = 'lib/service/client.ts';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The project files a file imports values from (type-only imports left out: they run nothing). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    const clause = statement.importClause;
    const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
    if (clause?.isTypeOnly || (clause && !clause.name && named && named.every((element) => element.isTypeOnly))) return [];
    const specifier = statement.moduleSpecifier.text;
    const base = specifier.startsWith('@/') ? join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? resolve(ROOT, dirname(file), specifier) : undefined;
    const found = base && ['.ts', '.tsx'].map((end) => base + end).find(existsSync);
    return found ? [relative(ROOT, found)] : [];
  });
}

/** Whether a file itself reaches the browser's API, its storage, or the network. */
const acts = (file: string) => /from '(wxt\/browser|@wxt-dev\/storage)'/.test(read(file)) || /\bfetch\(/.test(read(file));

describe('one alarm', () => {
  it('reaches the runner from its listener, with the service client handed over by the entrypoint', () => {
    expect(valueImports(LISTENER)).toEqual(expect.arrayContaining([RUNNER, CLIENT]));
    expect(read(LISTENER)).toMatch(/browser\.alarms\.onAlarm\.addListener/);
  });

  it('acts through six files: the listener, the runner, storage read and written, the service, the screen', () => {
    const steps = [LISTENER, RUNNER, CLIENT, ...valueImports(RUNNER).filter(acts)];
    expect([...new Set(steps)].sort()).toEqual([
      'entrypoints/background.ts',
      'lib/background/display.ts',
      'lib/background/runner.ts',
      'lib/schedule/alarms.ts',
      'lib/service/client.ts',
      'lib/store/items.ts',
      'lib/store/writes.ts',
    ]);
  });

  it('is decided on the way by pure modules only (no browser, storage or network of their own)', () => {
    const deciders = valueImports(RUNNER).filter((file) => !acts(file));
    expect(deciders.length).toBeGreaterThan(3);
    // checks-in-flight.ts holds the checks under way and stops them on an edit: AbortControllers, no browser.
    expect(deciders.filter((file) => !/^lib\/(outlook|schedule|store|service|basics)\/|^lib\/background\/checks-in-flight\.ts$/.test(file))).toEqual([]);
  });
});
