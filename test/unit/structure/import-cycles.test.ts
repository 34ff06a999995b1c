import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layers stay layers: no module reaches itself through its imports (type-only ones count:
// they tie the files together for a reader all the same), scripts/ and testbed/ included; each layer imports
// only the layers below it; no module lies loose in lib/ beside them; and the domain code does
// not know the messaging protocol or the Settings page's form schema; and the product imports
// nothing of the tools.

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = ['lib', 'components', 'entrypoints', 'build', 'scripts', 'testbed'];
/** The product: what the extension is built from. It imports nothing of the tools (testbed/, scripts/). */
const PRODUCT = ['lib/', 'components/', 'entrypoints/', 'build/'];
const TOOLS = ['testbed/', 'scripts/'];
const DOMAIN = ['lib/background/', 'lib/store/', 'lib/service/', 'lib/outlook/'];
const PAGE_ONLY = ['lib/extension/messages.ts', 'lib/input/form-schemas.ts'];

/**
 * The layers from the bottom up: basics (time, bytes, guards) and the UI's words (i18n) under
 * everything; the service client knows nothing of what is stored, the stored data nothing of
 * how it is read or acted on, the outlook (pure readings) nothing of the background that acts
 * on them; the extension's plumbing (permissions, the pages' commands) under the background that
 * uses it; what people type or import (input) on top, for the pages. Each folder may import only
 * the folders before it.
 */
const LAYERS = [
  'lib/basics/',
  'lib/i18n/',
  'lib/service/',
  'lib/store/',
  'lib/schedule/',
  'lib/outlook/',
  'lib/extension/',
  'lib/background/',
  'lib/input/',
];

/** Each import of a layer above the importing file's own, as "file → target". */
function layerBreaches(graph: Map<string, string[]>): string[] {
  const layerOf = (file: string) => LAYERS.findIndex((folder) => file.startsWith(folder));
  return [...graph].flatMap(([file, targets]) => {
    const own = layerOf(file);
    return own < 0
      ? []
      : targets.filter((target) => layerOf(target) > own).map((target) => `${file} → ${target}`);
  });
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    // Build output (the bench's floor extension builds inside testbed/) is not source.
    if (name.startsWith('.') || name === 'node_modules') return [];
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file an import names, or undefined for a package (or a file outside the folders). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base =
    specifier.startsWith('@/') || specifier.startsWith('~/')
      ? join(ROOT, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(ROOT, dirname(from), specifier)
        : undefined;
  if (base === undefined) return undefined;
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((end) => base + end)
    .find((p) => existsSync(p) && statSync(p).isFile());
  return found && relative(ROOT, found).split('\\').join('/');
}

/** Each source file and the project files it imports (static, type-only, re-exports, dynamic). */
function importGraph(
  files: readonly string[],
  read: (file: string) => string,
): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(read(file), true, true);
      const targets = importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every cycle, each as the files around it (the first file repeated at the end). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) return void cycles.push([...path.slice(at), file]);
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

const files = FOLDERS.flatMap(sources);
const graph = importGraph(files, (file) => readFileSync(join(ROOT, file), 'utf8'));

describe('imports', () => {
  it('reads the project files, type-only and dynamic imports included', () => {
    const fake = importGraph(
      ['lib/a.ts'],
      () => "import type { X } from './store/items';\nconst m = import('@/lib/basics/guards');",
    );
    expect(fake.get('lib/a.ts')).toEqual(['lib/store/items.ts', 'lib/basics/guards.ts']);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(graph.size).toBeGreaterThan(50);
    expect(
      layerBreaches(
        new Map([
          ['lib/service/a.ts', ['lib/outlook/b.ts', 'lib/basics/guards.ts']],
          ['lib/outlook/b.ts', ['lib/store/c.ts', 'lib/service/a.ts']],
          ['lib/store/c.ts', ['lib/background/d.ts']],
          ['lib/background/d.ts', ['lib/outlook/b.ts']],
        ]),
      ),
    ).toEqual(['lib/service/a.ts → lib/outlook/b.ts', 'lib/store/c.ts → lib/background/d.ts']);
  });

  it('form no cycle among lib/, components/, entrypoints/, build/, scripts/ and testbed/', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('go down the layers only: basics, i18n, service, store, outlook, background, extension, input', () => {
    expect(layerBreaches(graph)).toEqual([]);
  });

  it('leave no module loose in lib/: each lies in the layer that owns it', () => {
    expect(
      files.filter(
        (file) => file.startsWith('lib/') && !LAYERS.some((folder) => file.startsWith(folder)),
      ),
    ).toEqual([]);
  });

  it('leave the tools out of the product: nothing in lib/, components/, entrypoints/ or build/ imports testbed/ or scripts/', () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      PRODUCT.some((folder) => file.startsWith(folder))
        ? targets
            .filter((t) => TOOLS.some((folder) => t.startsWith(folder)))
            .map((t) => `${file} → ${t}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });

  it('keep the messaging protocol and the form schema out of the domain code', () => {
    const offenders = [...graph].flatMap(([file, targets]) =>
      DOMAIN.some((folder) => file.startsWith(folder))
        ? targets.filter((t) => PAGE_ONLY.includes(t)).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(offenders).toEqual([]);
  });
});
