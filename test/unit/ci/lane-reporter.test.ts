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
  'vitest.config.mjs': 'export default {};',
};

it(
  'reports each failed test, each error outside a test and each unhandled error, and the closing line counts each once',
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
      report.files.map(({ file, passed, failed, errors }) => [file, { passed, failed, errors }]),
    );
    expect(byFile).toEqual({
      'tests.test.ts': { passed: 2, failed: ['outer > inner > fails'], errors: [] },
      'hook.test.ts': { passed: 0, failed: [], errors: ['set up: Error: setup broke'] },
      'import.test.ts': {
        passed: 0,
        failed: [],
        errors: [expect.stringMatching(/^Error: Cannot find module '.\/no-such-module'/)],
      },
    });
    expect(report.unhandledErrors).toEqual([
      'Error: nobody waits for me (during tests.test.ts > leaves a rejection unhandled)',
    ]);
    expect(report.interrupted).toBe(false);

    const { lines } = summarise(
      [{ name: 'rest', exitCode: run.status!, report }],
      Object.keys(files),
    );
    expect(lines.at(-1)).toBe('2 passed, 4 failed');
    // The files run side by side: their lines come in any order.
    expect(lines.slice(0, -1).sort()).toEqual([
      'Error outside a test: hook.test.ts: set up: Error: setup broke',
      expect.stringMatching(/^Error outside a test: import.test.ts: Error: Cannot find module/),
      'Failed: tests.test.ts > outer > inner > fails',
      'Unhandled error in lane rest: Error: nobody waits for me (during tests.test.ts > leaves a rejection unhandled)',
    ]);
  },
);
