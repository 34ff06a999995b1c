import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readLaneReport, summarise } from '../../../.ci/closing-line';

// A lane of npm test as it runs: a real vitest run, with the lane reporter, of test files that fail
// each way a run can fail. They are written at run time into an ignored folder (inside the
// checkout, so `vitest` resolves), never committed: no lane may run them.

const root = resolve(import.meta.dirname, '../../..');
mkdirSync(join(root, 'artifacts'), { recursive: true });
const folder = mkdtempSync(join(root, 'artifacts', 'lane-reporter-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const files = {
  'tests.test.ts': `
    import { describe, expect, it } from 'vitest';
    describe('outer', () => {
      it('passes', () => expect(1).toBe(1));
      describe('inner', () => {
        it('fails', () => expect(1).toBe(2));
      });
      it('leaves a rejection unhandled', async () => {
        void Promise.reject(new Error('nobody waits for me'));
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    });`,
  'hook.test.ts': `
    import { beforeAll, describe, it } from 'vitest';
    describe('set up', () => {
      beforeAll(() => { throw new Error('setup broke'); });
      it('never runs', () => {});
    });`,
  'import.test.ts': `
    import './no-such-module';
    import { it } from 'vitest';
    it('never runs', () => {});`,
  'skips.test.ts': `
    import { describe, it } from 'vitest';
    describe('some', () => {
      it('runs', () => {});
      it.skip('is skipped', () => {});
      it.todo('is left to do');
      it('skips itself, saying why', (ctx) => ctx.skip('no display here'));
    });`,
  'all-skipped.test.ts': `
    import { describe, it } from 'vitest';
    describe.skip('all', () => {
      it('is skipped', () => {});
    });`,
  'only.test.ts': `
    import { describe, it } from 'vitest';
    it.only('runs alone', () => {});
    it('is left out', () => {});
    describe.only('focused', () => {
      it('runs', () => {});
    });`,
  // Run by a project that lets a .only run, as vitest's default does unless CI is set.
  'lenient.test.ts': `
    import { it } from 'vitest';
    it('passes', () => {});`,
  'vitest.config.mjs': `export default {
    test: {
      projects: [
        { test: { name: 'strict', allowOnly: false, exclude: ['lenient.test.ts'] } },
        { test: { name: 'lenient', allowOnly: true, include: ['lenient.test.ts'] } },
      ],
    },
  };`,
};

it(
  'reports each failed test, each skipped or todo test (with its reason), each .only, each error outside a test and each unhandled error, and the closing line counts each once',
  { timeout: 180_000 },
  () => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const reportPath = join(folder, 'lane.json');
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'vitest.config.mjs',
        '--reporter',
        join(root, '.ci/lane-reporter.ts'),
      ],
      {
        cwd: folder,
        env: { ...process.env, CI_LANE_REPORT: reportPath },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    const report = readLaneReport(readFileSync(reportPath, 'utf8'));
    if ('unreadable' in report) throw new Error(report.unreadable);
    const byFile = Object.fromEntries(
      report.files.map(({ file, passed, failed, skipped, focused, errors }) => [
        file,
        { passed, failed, skipped, focused, errors },
      ]),
    );
    const ran = { skipped: [], focused: [] };
    expect(byFile).toEqual({
      'tests.test.ts': { passed: 2, failed: ['outer > inner > fails'], errors: [], ...ran },
      'hook.test.ts': {
        passed: 0,
        failed: [],
        errors: ['set up: Error: setup broke'],
        skipped: [{ test: 'set up > never runs', todo: false }],
        focused: [],
      },
      'import.test.ts': {
        passed: 0,
        failed: [],
        errors: [expect.stringMatching(/^Error: Cannot find module '.\/no-such-module'/)],
        ...ran,
      },
      'skips.test.ts': {
        passed: 1,
        failed: [],
        errors: [],
        skipped: [
          { test: 'some > is skipped', todo: false },
          { test: 'some > is left to do', todo: true },
          { test: 'some > skips itself, saying why', todo: false, reason: 'no display here' },
        ],
        focused: [],
      },
      'all-skipped.test.ts': {
        passed: 0,
        failed: [],
        errors: [],
        skipped: [{ test: 'all > is skipped', todo: false }],
        focused: [],
      },
      // The rest of a file with a .only is skipped, the focused describe's tests too.
      'only.test.ts': {
        passed: 0,
        failed: [],
        errors: [],
        skipped: [
          { test: 'is left out', todo: false },
          { test: 'focused > runs', todo: false },
        ],
        focused: ['runs alone', 'focused'],
      },
      'lenient.test.ts': { passed: 1, failed: [], errors: [], ...ran },
    });
    expect(report.unhandledErrors).toEqual([
      'Error: nobody waits for me (during tests.test.ts > leaves a rejection unhandled)',
    ]);
    expect(report.interrupted).toBe(false);
    expect(report.projectsAllowingOnly).toEqual(['lenient']);

    const { lines } = summarise(
      [{ name: 'rest', exitCode: run.status!, report }],
      Object.keys(files),
    );
    expect(lines.at(-1)).toBe('4 passed, 8 failed, 7 skipped');
    // The files run side by side: their lines come in any order.
    expect(lines.slice(0, -1).sort()).toEqual([
      'Error outside a test: hook.test.ts: set up: Error: setup broke',
      expect.stringMatching(/^Error outside a test: import.test.ts: Error: Cannot find module/),
      "Every test skipped, with no reason given: all-skipped.test.ts (skip with ctx.skip('why'), docs/testing.md)",
      'Failed: tests.test.ts > outer > inner > fails',
      'Lane rest: project lenient lets a .only run (allowOnly: false in vitest.config.ts)',
      'Left in with .only: only.test.ts > focused (the rest of its file did not run)',
      'Left in with .only: only.test.ts > runs alone (the rest of its file did not run)',
      'Skipped: all-skipped.test.ts > all > is skipped',
      'Skipped: hook.test.ts > set up > never runs',
      'Skipped: only.test.ts > focused > runs',
      'Skipped: only.test.ts > is left out',
      'Skipped: skips.test.ts > some > is skipped',
      'Skipped: skips.test.ts > some > skips itself, saying why (no display here)',
      'Todo: skips.test.ts > some > is left to do',
      'Unhandled error in lane rest: Error: nobody waits for me (during tests.test.ts > leaves a rejection unhandled)',
    ]);
  },
);
