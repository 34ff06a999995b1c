// npm test's closing line (scripts/test.sh, .ci/summary.ts): "N passed, N failed, N skipped" over
// every lane, N failed counting each failed test and each other reason the run is not green, N
// skipped each test skipped or left to do; every one of them named on a line of its own above it.
// Pure: the reports, exit codes and file list come in.
import * as z from 'zod/mini';

/** What a lane's run reports (.ci/lane-reporter.ts writes it). */
const laneReportSchema = z.object({
  files: z.array(
    z.object({
      project: z.string(),
      /** The test file, relative to the repository's root. */
      file: z.string(),
      /** Its time, hooks included (ms). */
      ms: z.number(),
      passed: z.number(),
      /** The full name of each test that failed. */
      failed: z.array(z.string()),
      /** Each test that did not run: skipped (it.skip, describe.skip, ctx.skip(), beside a .only) or todo. */
      skipped: z.array(
        z.object({
          test: z.string(),
          todo: z.boolean(),
          /** Why, when the test said so: `ctx.skip('why')` (docs/testing.md). */
          reason: z.optional(z.string()),
        }),
      ),
      /** The full name of each test or describe left in with .only (vitest failed it: allowOnly is false). */
      focused: z.array(z.string()),
      /** Errors outside any test (the file could not be loaded, a beforeAll or afterAll threw), each as one line. */
      errors: z.array(z.string()),
    }),
  ),
  /** Errors no test caught (an unhandled rejection, an error thrown after a test ended), each as one line. */
  unhandledErrors: z.array(z.string()),
  /** The run was stopped before every test had run (a bail, a signal). */
  interrupted: z.boolean(),
  /** The projects whose allowOnly is true: a .only in them would run alone, the rest skipped. */
  projectsAllowingOnly: z.array(z.string()),
});

export type LaneReport = z.infer<typeof laneReportSchema>;

/** A lane's report read from its text, or why it cannot be read. */
export function readLaneReport(text: string): LaneReport | { unreadable: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { unreadable: String(error) };
  }
  const report = laneReportSchema.safeParse(json);
  return report.success ? report.data : { unreadable: 'not a lane report' };
}

export interface LaneOutcome {
  name: string;
  /** The exit code of the lane's vitest run. */
  exitCode: number;
  /** Its report, or why there is none (missing, unreadable). */
  report: LaneReport | { unreadable: string };
}

/** What vitest runs as a test file anywhere in the repository (its default `include`, whatever a project includes). */
export const isTestFile = (path: string): boolean => /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);

export const closingLine = (passed: number, failed: number, skipped: number): string =>
  `${passed} passed, ${failed} failed, ${skipped} skipped`;

type Skipped = LaneReport['files'][number]['skipped'][number];
const skippedLine = (file: string, { test, todo, reason }: Skipped): string =>
  `${todo ? 'Todo' : 'Skipped'}: ${file} > ${test}${reason ? ` (${reason})` : ''}`;

/**
 * The lines that close npm test: one for each test skipped or todo, one for each failure (a failed
 * test, a .only left in, a file whose every test was skipped with no reason given, an error
 * outside a test or unhandled, a lane that ran no test, has no report or exited non-zero with no
 * failure in it, a test file run by no lane or by more than one), then the closing line. `failed`
 * is 0 exactly when there is no failure to name: npm test exits 0 exactly then. `repositoryFiles`: every file in
 * the checkout (or why they could not be listed); each test file among them must be run by
 * exactly one lane.
 */
export function summarise(
  lanes: readonly LaneOutcome[],
  repositoryFiles: readonly string[] | { unlisted: string },
): { lines: string[]; failed: number } {
  const problems: string[] = [];
  const skipped: string[] = [];
  let passed = 0;
  const listed = 'unlisted' in repositoryFiles ? [] : repositoryFiles.filter(isTestFile);
  if ('unlisted' in repositoryFiles)
    problems.push(`The repository's test files could not be listed: ${repositoryFiles.unlisted}`);
  const lanesOf = new Map<string, string[]>(listed.map((file) => [file, []]));
  if (lanes.length === 0) problems.push('No lane ran');
  for (const { name, exitCode, report } of lanes) {
    if ('unreadable' in report) {
      problems.push(`Lane ${name}: no report (${report.unreadable}), vitest exited ${exitCode}`);
      continue;
    }
    const before = problems.length;
    for (const file of report.files) {
      passed += file.passed;
      lanesOf.set(file.file, [...(lanesOf.get(file.file) ?? []), name]);
      problems.push(...file.failed.map((test) => `Failed: ${file.file} > ${test}`));
      problems.push(
        ...file.focused.map(
          (test) => `Left in with .only: ${file.file} > ${test} (the rest of its file did not run)`,
        ),
      );
      problems.push(...file.errors.map((error) => `Error outside a test: ${file.file}: ${error}`));
      skipped.push(...file.skipped.map((test) => skippedLine(file.file, test)));
      // A file that ran nothing counts as run only when it says why (its hooks' errors, or its
      // .only, are named already).
      const allSkipped = file.skipped.length > 0 && file.passed === 0 && file.failed.length === 0;
      if (
        allSkipped &&
        file.errors.length === 0 &&
        file.focused.length === 0 &&
        file.skipped.some((test) => !test.reason)
      )
        problems.push(
          `Every test skipped, with no reason given: ${file.file} (skip with ctx.skip('why'), docs/testing.md)`,
        );
    }
    problems.push(
      ...report.unhandledErrors.map((error) => `Unhandled error in lane ${name}: ${error}`),
    );
    if (report.interrupted) problems.push(`Lane ${name}: interrupted before every test had run`);
    problems.push(
      ...report.projectsAllowingOnly.map(
        (project) =>
          `Lane ${name}: project ${project} lets a .only run (allowOnly: false in vitest.config.ts)`,
      ),
    );
    // Each only when nothing above says why.
    const ranNoTest = report.files.every((file) => file.passed === 0 && file.failed.length === 0);
    if (problems.length === before && ranNoTest)
      problems.push(`Lane ${name} ran no test (vitest exited ${exitCode})`);
    else if (problems.length === before && exitCode !== 0)
      problems.push(
        `Lane ${name}: vitest exited ${exitCode} with no failure in its report (see its log)`,
      );
  }
  for (const [file, ran] of lanesOf) {
    if (ran.length === 0)
      problems.push(
        `Run by no lane: ${file} (no vitest project includes it, or its lane did not run it)`,
      );
    // By two lanes, or by two projects of one: its builds or browsers could clash.
    if (ran.length > 1) problems.push(`Run more than once: ${file} (lanes ${ran.join(', ')})`);
  }
  return {
    lines: [...skipped, ...problems, closingLine(passed, problems.length, skipped.length)],
    failed: problems.length,
  };
}
