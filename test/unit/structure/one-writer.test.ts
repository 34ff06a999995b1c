import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One writer: every change of the accounts and the settings is what the user did, sent on its
// click's port (lib/extension/change-port.ts) and planned and written by the background in its one
// write queue (lib/store/writes.ts, loaded by the background alone). No page, nor what a page
// loads (the planners of lib/store/changes.ts, for an import's preview), writes storage: a grep of
// the code finds no write outside the background.

const ROOT = resolve(__dirname, '../../..');
/** Where the pages' code lives: everything but the background's own folders. */
const PAGE_CODE = [
  'components',
  'entrypoints/options',
  'entrypoints/popup',
  'lib/extension',
  'lib/input',
  'lib/pages',
  'lib/store/changes.ts',
];
/** Writes by the background that live outside its folder: the mark that the setup page was opened (at install). */
const BACKGROUND_ONLY = ['lib/extension/settings-page.ts'];
const WRITES = [
  /\/writes['"]/, // the write queue, by any path
  /storage\.(setItem|setItems|setMeta|removeItem|removeItems|clear)\(/,
  /storage\.local\.(set|remove|clear)\(/,
  /\.setValue\(/,
];

/** The source files in a folder (or the file itself). */
function files(folder: string): string[] {
  if (!statSync(join(ROOT, folder)).isDirectory()) return [folder];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one writer', () => {
  it('finds no write of stored data in the pages’ code', () => {
    const found = PAGE_CODE.flatMap(files)
      .filter((file) => !BACKGROUND_ONLY.includes(file))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            WRITES.some((write) => write.test(line))
              ? [`${relative(ROOT, join(ROOT, file))}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('would find one (the check itself can fail)', () => {
    expect(
      WRITES.some((write) => write.test("import { saveSettings } from '@/lib/store/writes';")),
    ).toBe(true);
    expect(WRITES.some((write) => write.test('await storage.setItem(key, value);'))).toBe(true);
  });
});
