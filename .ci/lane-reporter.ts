import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';
import type { SerializedError } from 'vitest';
import type { LaneReport } from './closing-line';

/**
 * Writes what a lane of npm test ran (scripts/test.sh) to the file CI_LANE_REPORT names: each test
 * file's project, time (hooks included: the browser launches and builds in beforeAll), tests
 * passed and failed, its errors outside any test, and the unhandled errors. vitest's JSON report
 * has neither those errors nor the time with hooks; .ci/closing-line.ts reads this.
 */
export default class LaneReporter implements Reporter {
  private readonly files: LaneReport['files'] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const tests = [...module.children.allTests()];
    // A describe's own errors (its beforeAll or afterAll threw) and the file's (it could not be loaded, or its hooks threw).
    const suites = [...module.children.allSuites()].map((suite) => ({
      where: `${suite.fullName}: `,
      errors: suite.errors(),
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
      failed: tests.filter((test) => test.result().state === 'failed').map((test) => test.fullName),
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
    };
    writeFileSync(process.env.CI_LANE_REPORT!, JSON.stringify(report));
  }
}

const oneLine = (error: SerializedError) =>
  `${error.name ?? 'Error'}: ${error.message.split('\n')[0]}`;
