// npm test's last words (scripts/test.sh): each skipped test and each failure on a line of its own,
// then "N passed, N failed, N skipped" (.ci/closing-line.ts); exits 1 unless 0 failed.
//   tsx .ci/summary.ts <folder> <lane>=<vitest's exit code>...   the lanes' reports are <folder>/lane-<lane>.json
//   tsx .ci/summary.ts --step-failed <step> <exit code>          a build step failed: no lane ran
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closingLine, readLaneReport, summarise, type LaneOutcome } from './closing-line';

const [first, ...rest] = process.argv.slice(2);
if (first === '--step-failed') {
  console.log(`Step failed: ${rest[0]} (exit ${rest[1]}), so no test ran`);
  console.log(closingLine(0, 1, 0));
  process.exit(1);
}

const lanes = rest.map((arg): LaneOutcome => {
  const [name = '', exitCode] = arg.split('=');
  const path = join(first!, `lane-${name}.json`);
  const report = existsSync(path)
    ? readLaneReport(readFileSync(path, 'utf8'))
    : { unreadable: `${path} missing` };
  return { name, exitCode: Number(exitCode), report };
});
// Committed files and new ones not ignored: a test file is run by vitest whether committed or not.
function listFiles(): string[] | { unlisted: string } {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: 'pipe',
    });
    return listed.split('\n').filter((file) => file !== '' && existsSync(file));
  } catch (error) {
    return { unlisted: String(error).split('\n')[0]! };
  }
}
const { lines, failed } = summarise(lanes, listFiles());
for (const line of lines) console.log(line);
process.exit(failed > 0 ? 1 : 0);
