import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSuite } from 'vitest/node';
import type { SerializedError } from 'vitest';
import type { LaneReport } from './closing-line';

/**
 * Writes what a lane of npm test ran (scripts/test.sh) to the file CI_LANE_REPORT names: each test
 * file's project, time (hooks included: the browser launches and builds in beforeAll), tests
 * passed, failed and skipped (each with its reason, if it gave one), the tests and describes
 * left in with .only, its errors outside any test, the unhandled errors, and the projects that
 * would let a .only run. vitest's JSON report has neither those errors nor the time with hooks;
 * .ci/closing-line.ts reads this.
 */
export default class LaneReporter implements Reporter {
  private readonly files: LaneReport['files'] = [];
  private readonly allowingOnly = new Set<string>();

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    if (module.project.config.allowOnly) this.allowingOnly.add(module.project.name);
    const tests = [...module.children.allTests()];
    // A .only is named once, as itself: not as a failed test or a describe's error too.
    const focused = [...tests, ...module.children.allSuites()].filter(leftWithOnly);
    // A describe's own errors (its beforeAll or afterAll threw) and the file's (it could not be loaded, or its hooks threw).
    const suites = [...module.children.allSuites()].map((suite) => ({
      where: `${suite.fullName}: `,
      errors: suite.errors().filter((error) => !isOnlyError(error)),
    }));
    this.files.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      ms:
        d.environmentSetupDuration +
        d.prepareDuration +
        d.setupDuration +
        d.collectDuration +
        d.duration,
      passed: tests.filter((test) => test.result().state === 'passed').length,
      failed: tests
        .filter((test) => test.result().state === 'failed' && !leftWithOnly(test))
        .map((test) => test.fullName),
      skipped: tests.flatMap((test) => {
        const result = test.result();
        if (result.state !== 'skipped') return [];
        const todo = test.options.mode === 'todo';
        return [{ test: test.fullName, todo, ...(result.note && { reason: result.note }) }];
      }),
      focused: focused.map((task) => task.fullName),
      errors: [{ where: '', errors: module.errors() }, ...suites].flatMap(({ where, errors }) =>
        errors.map((error) => where + oneLine(error)),
      ),
    });
  }

  onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ) {
    const report: LaneReport = {
      files: this.files,
      unhandledErrors: unhandledErrors.map((error) => {
        // vitest names the file and test that were running when the error came, if any.
        const { VITEST_TEST_PATH: file, VITEST_TEST_NAME: test } = error;
        const during =
          typeof file === 'string'
            ? ` (during ${[relative(process.cwd(), file), test].filter(Boolean).join(' > ')})`
            : '';
        return oneLine(error) + during;
      }),
      interrupted: reason === 'interrupted',
      projectsAllowingOnly: [...this.allowingOnly],
    };
    writeFileSync(process.env.CI_LANE_REPORT!, JSON.stringify(report));
  }
}

// With allowOnly false, vitest fails each test and describe marked .only with this error (and
// skips the rest of the file); with it true, nothing in a report tells a .only from a skip.
const isOnlyError = (error: SerializedError) => error.message.includes('Unexpected .only modifier');
const leftWithOnly = (task: TestCase | TestSuite) =>
  (task.type === 'test' ? (task.result().errors ?? []) : task.errors()).some(isOnlyError);

const oneLine = (error: SerializedError) =>
  `${error.name ?? 'Error'}: ${error.message.split('\n')[0]}`;
