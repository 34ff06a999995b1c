import { describe, expect, it } from 'vitest';
import {
  readLaneReport,
  summarise,
  type LaneOutcome,
  type LaneReport,
} from '../../../.ci/closing-line';

// npm test's closing line counts tests, and every other reason the run is not green is one more
// failure, named on its own line above it: "0 failed" exactly when there is nothing to name. Each
// test that did not run is counted as skipped and named too.

type FileOutcome = LaneReport['files'][number];
const file = (name: string, outcome: Partial<FileOutcome> = {}): FileOutcome => ({
  project: 'unit',
  file: name,
  ms: 1,
  passed: 1,
  failed: [],
  skipped: [],
  focused: [],
  errors: [],
  ...outcome,
});
const report = (files: FileOutcome[], more: Partial<LaneReport> = {}): LaneReport => ({
  files,
  unhandledErrors: [],
  interrupted: false,
  projectsAllowingOnly: [],
  ...more,
});
const lane = (name: string, laneReport: LaneOutcome['report'], exitCode = 0): LaneOutcome => ({
  name,
  exitCode,
  report: laneReport,
});

const rest = report([file('test/unit/a.test.ts', { passed: 3 }), file('test/unit/b.test.tsx')]);
const firefox = report([file('test/e2e-firefox/c.test.ts', { passed: 2 })]);
const green = [lane('rest', rest), lane('firefox', firefox)];
const repository = [
  'README.md',
  'test/unit/a.test.ts',
  'test/unit/b.test.tsx',
  'test/unit/helpers/harness.ts',
  'test/e2e-firefox/c.test.ts',
];

describe('the closing line', () => {
  it('counts the tests that passed, and nothing else, when every lane is green', () => {
    expect(summarise(green, repository)).toEqual({
      lines: ['6 passed, 0 failed, 0 skipped'],
      failed: 0,
    });
  });

  it.each<[string, LaneOutcome[], string[], string[]]>([
    [
      'a failed test counts once (not again for its describe and file), however deep',
      [
        lane(
          'rest',
          report([
            file('test/unit/a.test.ts', { passed: 2, failed: ['outer > inner > breaks'] }),
            file('test/unit/b.test.tsx'),
          ]),
          1,
        ),
        green[1]!,
      ],
      repository,
      ['Failed: test/unit/a.test.ts > outer > inner > breaks', '5 passed, 1 failed, 0 skipped'],
    ],
    [
      'an unhandled error, though every test passed',
      [
        lane(
          'rest',
          report(rest.files, {
            unhandledErrors: ['Error: nobody waits for me (during test/unit/a.test.ts > x)'],
          }),
          1,
        ),
        green[1]!,
      ],
      repository,
      [
        'Unhandled error in lane rest: Error: nobody waits for me (during test/unit/a.test.ts > x)',
        '6 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      'an error outside a test (a beforeAll threw: its tests skipped)',
      [
        lane(
          'rest',
          report([
            file('test/unit/a.test.ts', { passed: 0, errors: ['setup: Error: broke'] }),
            file('test/unit/b.test.tsx'),
          ]),
          1,
        ),
        green[1]!,
      ],
      repository,
      [
        'Error outside a test: test/unit/a.test.ts: setup: Error: broke',
        '3 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      'a lane that ran no file',
      [green[0]!, lane('firefox', report([]), 1)],
      ['test/unit/a.test.ts', 'test/unit/b.test.tsx'],
      ['Lane firefox ran no test (vitest exited 1)', '4 passed, 1 failed, 0 skipped'],
    ],
    [
      'a lane whose files hold no test that ran (all skipped)',
      [green[0]!, lane('firefox', report([file('test/e2e-firefox/c.test.ts', { passed: 0 })]))],
      repository,
      ['Lane firefox ran no test (vitest exited 0)', '4 passed, 1 failed, 0 skipped'],
    ],
    [
      'a lane with no report',
      [green[0]!, lane('firefox', { unreadable: 'artifacts/ci/lane-firefox.json missing' }, 137)],
      ['test/unit/a.test.ts', 'test/unit/b.test.tsx'],
      [
        'Lane firefox: no report (artifacts/ci/lane-firefox.json missing), vitest exited 137',
        '4 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      'a lane that exited non-zero with nothing failed in its report',
      [green[0]!, lane('firefox', firefox, 1)],
      repository,
      [
        'Lane firefox: vitest exited 1 with no failure in its report (see its log)',
        '6 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      'a lane interrupted',
      [
        green[0]!,
        lane('firefox', report([file('test/e2e-firefox/c.test.ts')], { interrupted: true }), 130),
      ],
      repository,
      ['Lane firefox: interrupted before every test had run', '5 passed, 1 failed, 0 skipped'],
    ],
    [
      'test files no lane ran, wherever they are and however named',
      green,
      [
        ...repository,
        'lib/store/items.test.ts',
        'components/popup/card.test.tsx',
        'test/e2e/picture.test.tsx',
        'test/unit/thing.spec.ts',
        'scripts/x.test.mjs',
      ],
      [
        'Run by no lane: lib/store/items.test.ts (no vitest project includes it, or its lane did not run it)',
        'Run by no lane: components/popup/card.test.tsx (no vitest project includes it, or its lane did not run it)',
        'Run by no lane: test/e2e/picture.test.tsx (no vitest project includes it, or its lane did not run it)',
        'Run by no lane: test/unit/thing.spec.ts (no vitest project includes it, or its lane did not run it)',
        'Run by no lane: scripts/x.test.mjs (no vitest project includes it, or its lane did not run it)',
        '6 passed, 5 failed, 0 skipped',
      ],
    ],
    [
      'a test file run in two lanes',
      [
        green[0]!,
        lane(
          'firefox',
          report([file('test/e2e-firefox/c.test.ts', { passed: 2 }), file('test/unit/b.test.tsx')]),
        ),
      ],
      repository,
      [
        'Run more than once: test/unit/b.test.tsx (lanes rest, firefox)',
        '7 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      'a test file two projects of one lane include',
      [
        lane('rest', report([...rest.files, file('test/unit/b.test.tsx', { project: 'e2e' })])),
        green[1]!,
      ],
      repository,
      [
        'Run more than once: test/unit/b.test.tsx (lanes rest, rest)',
        '7 passed, 1 failed, 0 skipped',
      ],
    ],
    ['no lane at all', [], [], ['No lane ran', '0 passed, 1 failed, 0 skipped']],
    [
      'a project that would let a .only run alone',
      [green[0]!, lane('firefox', report(firefox.files, { projectsAllowingOnly: ['firefox'] }))],
      repository,
      [
        'Lane firefox: project firefox lets a .only run (allowOnly: false in vitest.config.ts)',
        '6 passed, 1 failed, 0 skipped',
      ],
    ],
    [
      "each .only left in, a test's or a describe's,",
      [
        lane(
          'rest',
          report([
            file('test/unit/a.test.ts', {
              passed: 1,
              focused: ['outer > alone'],
              skipped: [{ test: 'outer > other', todo: false }],
            }),
            file('test/unit/b.test.tsx', { focused: ['focused describe'] }),
          ]),
        ),
        green[1]!,
      ],
      repository,
      [
        'Skipped: test/unit/a.test.ts > outer > other',
        'Left in with .only: test/unit/a.test.ts > outer > alone (the rest of its file did not run)',
        'Left in with .only: test/unit/b.test.tsx > focused describe (the rest of its file did not run)',
        '4 passed, 2 failed, 1 skipped',
      ],
    ],
    [
      'a file whose every test was skipped or left to do, with no reason given',
      [
        lane(
          'rest',
          report([
            file('test/unit/a.test.ts', {
              passed: 0,
              skipped: [
                { test: 'waits for a machine', todo: false, reason: 'no Firefox here' },
                { test: 'some day', todo: true },
              ],
            }),
            file('test/unit/b.test.tsx'),
          ]),
        ),
        green[1]!,
      ],
      repository,
      [
        'Skipped: test/unit/a.test.ts > waits for a machine (no Firefox here)',
        'Todo: test/unit/a.test.ts > some day',
        "Every test skipped, with no reason given: test/unit/a.test.ts (skip with ctx.skip('why'), docs/testing.md)",
        '3 passed, 1 failed, 2 skipped',
      ],
    ],
  ])('%s is one failure, named', (_, lanes, files, lines) => {
    const named = lines.filter((line) => !/^(Skipped|Todo): /.test(line));
    expect(summarise(lanes, files)).toEqual({ lines, failed: named.length - 1 });
  });

  it('counts and names each test skipped or left to do, above the line, and fails none of them', () => {
    const lanes = [
      lane(
        'rest',
        report([
          file('test/unit/a.test.ts', {
            passed: 3,
            skipped: [
              { test: 'outer > skipped', todo: false },
              { test: 'outer > left to do', todo: true },
            ],
          }),
          // Every test skipped, each saying why (ctx.skip('why')): counted, not a failure.
          file('test/unit/b.test.tsx', {
            passed: 0,
            skipped: [{ test: 'needs a display', todo: false, reason: 'no display on CI' }],
          }),
        ]),
      ),
      green[1]!,
    ];
    expect(summarise(lanes, repository)).toEqual({
      lines: [
        'Skipped: test/unit/a.test.ts > outer > skipped',
        'Todo: test/unit/a.test.ts > outer > left to do',
        'Skipped: test/unit/b.test.tsx > needs a display (no display on CI)',
        '5 passed, 0 failed, 3 skipped',
      ],
      failed: 0,
    });
  });

  it('fails a file whose hooks threw once, for the error, not again for the tests it skipped', () => {
    const lanes = [
      lane(
        'rest',
        report([
          file('test/unit/a.test.ts', {
            passed: 0,
            errors: ['setup: Error: broke'],
            skipped: [{ test: 'never ran', todo: false }],
          }),
          file('test/unit/b.test.tsx'),
        ]),
        1,
      ),
      green[1]!,
    ];
    expect(summarise(lanes, repository).lines).toEqual([
      'Skipped: test/unit/a.test.ts > never ran',
      'Error outside a test: test/unit/a.test.ts: setup: Error: broke',
      '3 passed, 1 failed, 1 skipped',
    ]);
  });

  it('names the test files it could not list', () => {
    expect(summarise(green, { unlisted: 'fatal: not a git repository' }).lines).toEqual([
      "The repository's test files could not be listed: fatal: not a git repository",
      '6 passed, 1 failed, 0 skipped',
    ]);
  });

  it('reads "0 failed" only when it names nothing', () => {
    const cases = [green, [lane('rest', report([]), 0)], [lane('rest', rest, 2)]];
    for (const lanes of cases) {
      const { lines, failed } = summarise(lanes, repository.slice(0, 3));
      expect(lines.at(-1)!.endsWith(' 0 failed, 0 skipped')).toBe(lines.length === 1);
      expect(failed).toBe(lines.length - 1);
    }
  });
});

describe('a lane report', () => {
  it('is read back as written', () => {
    const written = report([file('test/unit/a.test.ts', { failed: ['x'], errors: ['Error: e'] })], {
      unhandledErrors: ['Error: u'],
    });
    expect(readLaneReport(JSON.stringify(written))).toEqual(written);
  });

  it.each([
    ['cut short', '{"files": [{"project": "unit"'],
    [
      'of another shape (an old vitest JSON report)',
      JSON.stringify({ numPassedTests: 3, numFailedTests: 0, testResults: [] }),
    ],
    ['empty', ''],
  ])('%s is unreadable', (_, text) => {
    expect(readLaneReport(text)).toHaveProperty('unreadable');
  });
});
