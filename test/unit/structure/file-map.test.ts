import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// docs/file-map.md is made from the code by `npm run docs:map` (scripts/file-map.ts): this
// regenerates it and fails when the committed map differs, so CI fails on a stale map.

const ROOT = resolve(__dirname, '../../..');
const MAP = join(ROOT, 'docs/file-map.md');
const work = mkdtempSync(join(tmpdir(), 'file-map-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const check = (...args: string[]) => {
  const run = spawnSync(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/file-map.ts', '--check', ...args],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: run.status, output: run.stdout + run.stderr };
};

describe('the file map', () => {
  it('is what `npm run docs:map` makes from the code today', () => {
    expect(check()).toEqual({
      status: 0,
      output: expect.stringMatching(/docs\/file-map\.md: \d+ files, up to date/) as string,
    });
  });

  it("gives each file the first sentence of its own comment, or its first export's, named", () => {
    const map = readFileSync(MAP, 'utf8');
    expect(map).toContain(
      '- [`items.ts`](../lib/store/items.ts): The one module that reaches storage (@wxt-dev/storage; .dependency-cruiser.cjs keeps it so)…\n',
    );
    expect(map).toContain(
      '- [`UsageBar.tsx`](../components/popup/UsageBar.tsx): Used / quota as a bar coloured by threshold, with the figures in words. (`UsageBar`)\n',
    );
    expect(map).toContain('- [`test.sh`](../scripts/test.sh): `npm test`: every suite');
    expect(map).not.toMatch(/\(\d+ lines?\)/);
  });

  it('fails, naming the lines, when a file is missing from the map or its words are old', () => {
    const stale = readFileSync(MAP, 'utf8')
      .replace(/^- \[`queue\.ts`\].*\n/m, '')
      .replace(
        'The one module that reaches storage (@wxt-dev/storage; .dependency-cruiser.cjs keeps it so)…',
        'Every item, by hand.',
      );
    writeFileSync(join(work, 'stale.md'), stale);
    const { status, output } = check('--map', join(work, 'stale.md'));
    expect(status).toBe(1);
    expect(output).toContain('is out of date: run `npm run docs:map`');
    expect(output).toContain('+ - [`queue.ts`](../lib/background/queue.ts): ');
    expect(output).toContain('- - [`items.ts`](../lib/store/items.ts): Every item, by hand.');
  });
});
