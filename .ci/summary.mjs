// Prints vitest's JSON reports (one per lane of npm test, scripts/test.sh) as the single closing line CI reads:
// "N passed, N failed", for all of them together. A report missing or unreadable counts as a
// failure, and so does a test file run in two lanes (its builds or browsers could clash).
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const lanesOf = new Map();
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) + (report.numRuntimeErrors ?? 0);
    for (const { name } of report.testResults) lanesOf.set(name, [...(lanesOf.get(name) ?? []), file]);
  } catch {
    console.log(`No report: ${file}`);
    failed += 1;
  }
}
for (const [name, reports] of lanesOf) {
  if (reports.length < 2) continue;
  console.log(`Run in more than one lane: ${name} (${reports.join(', ')})`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
