import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, ENTRIES, entryFiles, entrySize } from '../../scripts/bench/bundle-size';

// Sizes are deterministic, so the budgets are checked here; timings are only reported by `npm run bench`.
const OUT = '.output/chrome-mv3';

beforeAll(() => {
  // vitest sets NODE_ENV=test, which would build development flavours of the libraries.
  execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}, 120_000);

describe('bundle size budgets (gzip, shared chunks included)', () => {
  it.each(Object.keys(ENTRIES) as (keyof typeof ENTRIES)[])('%s stays within its budget', (name) => {
    const size = entrySize(OUT, ENTRIES[name]);
    expect(size.total).toBeGreaterThan(1_000);
    expect(size.total, `${name}: ${size.total} B gzip, budget ${BUDGETS[name]} B`).toBeLessThanOrEqual(BUDGETS[name]);
  });

  it('counts the shared chunks of each page, each once', () => {
    const popup = entryFiles(OUT, ENTRIES.popup);
    const options = entryFiles(OUT, ENTRIES.options);
    expect(popup.filter((f) => options.includes(f)).length).toBeGreaterThan(0);
    expect(new Set(popup).size).toBe(popup.length);
    expect(popup.some((f) => f.endsWith('.css'))).toBe(true);
  });
});
