// Where CI's time went: each step of .ci/run and each lane of npm test (wall clock; the lanes run side by side),
// each suite (the sum of its files' times, hooks included) and each file of 20 s or more.
import { readFileSync } from 'node:fs';

const [stepsFile, ...laneFiles] = process.argv.slice(2);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
const SLOW_FILE_MS = 20_000;

const steps = readFileSync(stepsFile, 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split('\t'));
const first = Math.min(...steps.map(([, start]) => Number(start)));
const last = Math.max(...steps.map(([, , end]) => Number(end)));
console.log('\nTimes (wall clock; on a shared machine they vary from run to run)');
for (const [name, start, end] of steps) console.log(`  ${seconds(end - start)}  ${name}`);
console.log(`  ${seconds(last - first)}  in all, from npm ci`);

/** @type {{ project: string, file: string, ms: number }[]} */
const files = laneFiles.flatMap((file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).files; // .ci/lane-reporter.ts
  } catch {
    return []; // a lane that did not finish: its report says so
  }
});
const suites = new Map();
for (const { project, ms } of files) suites.set(project, (suites.get(project) ?? 0) + ms);
for (const [suite, ms] of [...suites].sort(([, a], [, b]) => b - a)) {
  console.log(`  ${seconds(ms)}  suite ${suite}`);
  for (const f of files
    .filter((f) => f.project === suite && f.ms >= SLOW_FILE_MS)
    .sort((a, b) => b.ms - a.ms)) {
    console.log(`  ${seconds(f.ms)}    ${f.file}`);
  }
}
