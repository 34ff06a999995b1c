import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A source file (the product's, the tools' and CI's) holds one job and stays under 150 lines;
// a longer one is named, with its reason, in docs/architecture.md's "Files over 150 lines", and
// every file named there is longer: the list keeps no line counts, this test says them.

const ROOT = resolve(__dirname, '../../..');
const LIMIT = 150;
const FOLDERS = ['lib', 'components', 'entrypoints', 'build', 'testbed', 'scripts', '.ci'];
const NOT_SOURCE = new Set(['node_modules', '.output', '.wxt']);
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    if (NOT_SOURCE.has(name)) return [];
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}
const rootConfigs = () =>
  readdirSync(ROOT).filter((name) => SOURCE.test(name) && statSync(join(ROOT, name)).isFile());
const lines = (path: string) => readFileSync(join(ROOT, path), 'utf8').trimEnd().split('\n').length;

/** The section of the architecture page that names the long files. */
function namedLong(page: string): string {
  const start = page.indexOf('## Files over 150 lines');
  const end = page.indexOf('\n## ', start + 1);
  return start < 0 ? '' : page.slice(start, end < 0 ? undefined : end);
}

/** Each file over the limit that the section does not name, as "path (lines)". */
function unnamedLong(files: readonly string[], lengthOf: (f: string) => number, section: string) {
  return files
    .filter((file) => lengthOf(file) > LIMIT && !section.includes(`\`${file}\``))
    .map((file) => `${file} (${lengthOf(file)})`);
}

/** The source files a section names (tests aside), as written: `lib/a.ts`, `.dependency-cruiser.cjs`. */
const namedIn = (section: string) =>
  [...section.matchAll(/`((?:[\w.-]+\/)*[\w.-]+\.(?:ts|tsx|mjs|cjs|js))`/g)]
    .map(([, path]) => path!)
    .filter((path) => path.includes('/') || path.startsWith('.'))
    .filter((path) => !path.startsWith('test/'));

/** Each file the section names that is gone or not over the limit, as "path (lines)". */
const namedShort = (section: string, lengthOf: (f: string) => number | undefined) =>
  namedIn(section)
    .filter((file) => (lengthOf(file) ?? 0) <= LIMIT)
    .map((file) => `${file} (${lengthOf(file) ?? 'gone'})`);

describe('files over 150 lines', () => {
  const files = [...FOLDERS.flatMap(sources), ...rootConfigs()];
  const section = namedLong(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('each is named with its reason in docs/architecture.md', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(section).not.toBe('');
    expect(unnamedLong(files, lines, section)).toEqual([]);
  });

  it('each file named there is still over 150 lines', () => {
    expect(namedIn(section).length).toBeGreaterThan(10);
    const known = new Set(files);
    expect(namedShort(section, (file) => (known.has(file) ? lines(file) : undefined))).toEqual([]);
  });

  it('finds a long file the page does not name, and leaves a short one and a named one', () => {
    const length = (file: string) => ({ 'lib/a.ts': 151, 'lib/b.ts': 150, 'lib/c.ts': 400 })[file]!;
    expect(unnamedLong(['lib/a.ts', 'lib/b.ts', 'lib/c.ts'], length, '- `lib/c.ts`: why')).toEqual([
      'lib/a.ts (151)',
    ]);
  });

  it('finds a named file that is back under the limit or gone, and leaves tests and short names', () => {
    const length = (file: string) => ({ 'lib/a.ts': 151, 'lib/b.ts': 150 })[file];
    const section =
      '- `lib/a.ts`, `lib/b.ts` and `lib/gone.ts`: why; beside `Field.tsx`, held by `test/unit/x.test.ts`';
    expect(namedShort(section, length)).toEqual(['lib/b.ts (150)', 'lib/gone.ts (gone)']);
  });
});
