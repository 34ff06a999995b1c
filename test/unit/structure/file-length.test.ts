import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A source file (the product's, the tools' and CI's) holds one job and stays under 150 lines;
// a longer one is named, with its reason, in docs/architecture.md's "Files over 150 lines".

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

describe('files over 150 lines', () => {
  it('each is named with its reason in docs/architecture.md', () => {
    const files = [...FOLDERS.flatMap(sources), ...rootConfigs()];
    expect(files.length).toBeGreaterThan(150);
    const section = namedLong(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(section).not.toBe('');
    expect(unnamedLong(files, lines, section)).toEqual([]);
  });

  it('finds a long file the page does not name, and leaves a short one and a named one', () => {
    const length = (file: string) => ({ 'lib/a.ts': 151, 'lib/b.ts': 150, 'lib/c.ts': 400 })[file]!;
    expect(
      unnamedLong(['lib/a.ts', 'lib/b.ts', 'lib/c.ts'], length, '- `lib/c.ts` (400): why'),
    ).toEqual(['lib/a.ts (151)']);
  });
});
