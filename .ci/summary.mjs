// Prints vitest's JSON reports (one per lane of .ci/run) as the single closing line CI reads:
// "N passed, N failed", for all of them together. A report missing or unreadable counts as a failure.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrors ?? 0);
  } catch {
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
