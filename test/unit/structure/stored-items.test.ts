import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One place for stored items: every item is defined in lib/store/items.ts (its version, its
// reader), and the architecture page's list of them (docs/architecture.md) names each one.

const ROOT = join(__dirname, '../../..');
const SOURCES = ['lib', 'components', 'entrypoints'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** Each source file that names a stored item's key (`local:`, `session:` or `sync:`), with the keys. */
const definitions = SOURCES.flatMap((dir) => [...sourceFiles(join(ROOT, dir))]).flatMap((path) => {
  const keys = [...readFileSync(path, 'utf8').matchAll(/'(local|session|sync):(\w+)'/g)].map((m) => m[2]!);
  return keys.length > 0 ? [{ file: relative(ROOT, path), keys }] : [];
});

describe('stored items', () => {
  it('are all defined in lib/store/items.ts', () => {
    expect(definitions.map(({ file }) => file)).toEqual(['lib/store/items.ts']);
  });

  it('are each named in docs/architecture.md', () => {
    const readme = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const keys = definitions.flatMap(({ keys }) => keys);
    expect(keys).toContain('setupOpened');
    expect(keys.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });
});
