// Prints vitest's JSON report as the single closing line CI reads: "N passed, N failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrors ?? 0);
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(failed > 0 || report.numPassedTests === 0 ? 1 : 0);
