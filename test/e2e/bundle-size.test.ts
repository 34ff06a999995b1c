import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtByCi, STRAY_TIME_SCALE } from '../../.ci/built';
import {
  BUDGETS,
  ENTRIES,
  entryFiles,
  entrySize,
  ON_DEMAND_BUDGETS,
  onDemandFiles,
} from '../../testbed/bench/bundle-size';

// Sizes are deterministic, so the budgets are checked here; timings are only reported by `npm run bench`.
const OUT = '.output/chrome-mv3';

beforeAll(() => {
  // npm test's one store build (.ci/builds.ts) was made with the stray time scale too.
  if (builtByCi()) return;
  // vitest sets NODE_ENV=test, which would build development flavours of the libraries. A stray
  // WXT_TIME_SCALE in the environment must not make a store build's alarms run faster.
  execFileSync('npx', ['wxt', 'build'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', WXT_TIME_SCALE: STRAY_TIME_SCALE },
  });
}, 120_000);

it('a store build runs on real time whatever WXT_TIME_SCALE says (only the e2e mode may scale time)', () => {
  const background = readFileSync(`${OUT}/background.js`, 'utf8');
  expect(background).toContain('6e4'); // a minute, in ms: the real-time constants are there
  expect(background).not.toContain(STRAY_TIME_SCALE);
});

describe('bundle size budgets (gzip, shared chunks included)', () => {
  it.each(Object.keys(ENTRIES) as (keyof typeof ENTRIES)[])(
    '%s stays within its budget',
    (name) => {
      const size = entrySize(OUT, ENTRIES[name]);
      expect(size.total).toBeGreaterThan(1_000);
      expect(
        size.total,
        `${name}: ${size.total} B gzip, budget ${BUDGETS[name]} B`,
      ).toBeLessThanOrEqual(BUDGETS[name]);
      expect(size.onDemand, `${name}: ${size.onDemand} B gzip on demand`).toBeLessThanOrEqual(
        ON_DEMAND_BUDGETS[name],
      );
    },
  );

  it('counts every file a page loads when it opens, each once, and what it loads on demand apart', () => {
    const popup = entryFiles(OUT, ENTRIES.popup);
    expect(new Set(popup).size).toBe(popup.length);
    expect(popup.some((f) => f.endsWith('.js'))).toBe(true);
    expect(popup.some((f) => f.endsWith('.css'))).toBe(true);
    // The popup's extras and the messaging library (its log lines say "[messaging]") come by import(), not at open.
    const later = onDemandFiles(OUT, ENTRIES.popup);
    const messaging = (files: string[]) =>
      files.filter((f) => readFileSync(f, 'utf8').includes('[messaging]'));
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(later.filter((f) => popup.includes(f))).toEqual([]);
    expect(messaging(later)).toHaveLength(1);
    expect(messaging(popup)).toEqual([]);
  });

  it('the Settings page loads what only one of its sections shows on demand (components/settings/parts.tsx)', () => {
    const code = (files: string[]) =>
      files
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
    const atOpen = code(entryFiles(OUT, ENTRIES.options));
    const later = code(onDemandFiles(OUT, ENTRIES.options));
    // A message key each part alone uses: the history's CSV, the activity log, export and import, the setup walk-through.
    for (const key of ['downloadCsv', 'activityIntro', 'transferIntro', 'setupTitle']) {
      const quoted = new RegExp(`[\`'"]${key}[\`'"]`);
      expect(atOpen, key).not.toMatch(quoted);
      expect(later, key).toMatch(quoted);
    }
    // The page itself opens from one file and one stylesheet: no shared chunk loaded beside it.
    expect(entryFiles(OUT, ENTRIES.options).map((f) => f.split('.').pop())).toEqual(['js', 'css']);
  });

  it("the popup imports its on-demand parts plainly, without Vite's preload helper (0.7 KB with nothing to preload)", () => {
    // (The Settings page keeps it: its parts share a chunk of their own, which the helper preloads.)
    const files = [...entryFiles(OUT, ENTRIES.popup), ...onDemandFiles(OUT, ENTRIES.popup)].filter(
      (f) => f.endsWith('.js'),
    );
    expect(
      files.filter((f) => /import\(\s*[`'"]\.\//.test(readFileSync(f, 'utf8'))).length,
    ).toBeGreaterThan(0);
    // The helper's own words: the event it dispatches when a preload fails.
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('vite:preloadError'))).toEqual([]);
  });

  it('no page and not the background defines a stored item (@wxt-dev/storage reads an item when it is defined): the popup reads what it shows in one call', () => {
    const all = Object.values(ENTRIES)
      .flatMap((entry) => entryFiles(OUT, entry))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(
      [...all.matchAll(/defineItem\(\s*[`'"]local:(\w+)[`'"]/g)].map(([, key]) => key),
    ).toEqual([]);
    const code = entryFiles(OUT, ENTRIES.popup)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // Never the whole history (a year per account) nor the activity log by name: only the recent part
    // (the whole only when no recent part was stored yet).
    expect(code).toContain('local:recentHistory');
    expect(code).not.toContain('local:activity');
  });
});
