import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A test waits for the event it needs (an alarm fired, a run recorded, a request seen), never a
// fixed time: a fixed sleep is too short on a starved machine and proves nothing on a quick one.
// This check finds sleeps of a second or more in test/ and testbed/: `sleep(N)`,
// `waitForTimeout(N)`, `delay(N)` and `new Promise((r) => setTimeout(r, N))`, with N a number
// written out (1000, 12_000, 2 * 1000). A setTimeout that does work (a slow answer, a deadline
// that rejects) is not a wait.

const ROOT = resolve(__dirname, '../../..');
const FOLDERS = ['test', 'testbed'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const LIMIT_MS = 1000;
/** This check's own examples. */
const SELF = 'test/unit/structure/fixed-waits.test.ts';

const NUMBER = String.raw`[\d_]+(?:\s*\*\s*[\d_]+)*`;
const WAITS = [
  new RegExp(String.raw`\b(?:sleep|waitForTimeout|delay)\(\s*(${NUMBER})\s*\)`, 'g'),
  // setTimeout whose callback is the promise's resolve: `setTimeout(resolve, N)`, `setTimeout(r, N)`.
  new RegExp(String.raw`\bsetTimeout\(\s*(?:resolve|r|res|done)\s*,\s*(${NUMBER})\s*\)`, 'g'),
];

const valueOf = (literal: string) =>
  literal
    .split('*')
    .map((part) => Number(part.replaceAll('_', '').trim()))
    .reduce((a, b) => a * b, 1);

/** Each fixed wait of a second or more in a source text, as "line N: text". */
function fixedWaits(text: string): string[] {
  const found: string[] = [];
  for (const pattern of WAITS)
    for (const match of text.matchAll(pattern)) {
      if (valueOf(match[1]!) < LIMIT_MS) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`line ${line}: ${match[0]}`);
    }
  return found;
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

describe('fixed waits', () => {
  it('no test or testbed file sleeps a second or more: each waits for its event', () => {
    const files = FOLDERS.flatMap(sources).filter((file) => file !== SELF);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      fixedWaits(readFileSync(join(ROOT, file), 'utf8')).map((wait) => `${file} ${wait}`),
    );
    expect(found).toEqual([]);
  });

  it('finds each form of a fixed sleep, and leaves short ones, deadlines and delayed work', () => {
    const text = [
      'await new Promise((resolve) => setTimeout(resolve, 12_000));',
      'await sleep(2000);',
      'await page.waitForTimeout(2 * 1000);',
      'await new Promise((r) => setTimeout(r, 500));',
      'await sleep(100);',
      'setTimeout(() => reject(new Error("late")), 60_000);',
      'const timer = setTimeout(() => answer(), 2000);',
    ].join('\n');
    expect(fixedWaits(text)).toEqual([
      'line 2: sleep(2000)',
      'line 3: waitForTimeout(2 * 1000)',
      'line 1: setTimeout(resolve, 12_000)',
    ]);
  });
});
