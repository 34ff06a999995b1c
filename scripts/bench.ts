// `npm run bench`: size, the popup's and the Settings page's time-to-data, requests per cycle and
// worker start, side by side in one run so the machine's noise cancels out. Prints one table;
// writes artifacts/bench/bench.json. Each measurement is a module of testbed/bench/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { demoAccount, startSimulator } from '../testbed/simulator/simulator';
import { activitySizes } from '../testbed/bench/activity-size';
import { FLOOR_DIR } from '../testbed/bench/history-year';
import type { Measured, Row } from '../testbed/bench/measure';
import { requestsPerCycle } from '../testbed/bench/requests-per-cycle';
import { sizes } from '../testbed/bench/sizes';
import { settingsTimeToData } from '../testbed/bench/settings-time-to-data';
import { timeToData } from '../testbed/bench/time-to-data';
import { workerStart } from '../testbed/bench/worker-start';
import { builtByCi } from '../.ci/built';

/** `npm run bench -- --time-to-data`: only the pages' time-to-data (a few minutes less). */
const TIME_TO_DATA_ONLY = process.argv.includes('--time-to-data');
const HISTORY_ACCOUNTS = 10;
const rows: Row[] = [];
const json: Record<string, unknown> = {};
const add = (measured: Measured) => {
  rows.push(...measured.rows);
  Object.assign(json, measured.json);
};

function build() {
  // Inside `npm test` every build is made once, the same way, for all the suites (.ci/builds.ts):
  // building one again would swap it under the suites running beside the bench.
  if (builtByCi()) return;
  const run = (args: string[], cwd = '.') =>
    execFileSync('npx', ['wxt', 'build', ...args], { cwd, stdio: 'ignore' });
  if (!TIME_TO_DATA_ONLY) run([]);
  run(['--mode', 'simulator']);
  if (!TIME_TO_DATA_ONLY)
    execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
      stdio: 'ignore',
      env: { ...process.env, WXT_TIME_SCALE: '720' },
    });
  run([], FLOOR_DIR);
}

/** The machine's load average (1, 5, 15 minutes): the timings mean little without it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

build();
const loadBefore = load();
if (!TIME_TO_DATA_ONLY) {
  add(sizes());
  add(activitySizes());
}
const sim = await startSimulator({
  accounts: [
    demoAccount(),
    ...Array.from({ length: HISTORY_ACCOUNTS - 1 }, (_, i) =>
      demoAccount({ userId: `user-${i + 2}`, password: `pw${i + 2}`, apiKey: `k${i + 2}` }),
    ),
  ],
});
try {
  add(await timeToData(sim, 1));
  // The same accounts without and with their history, so the history's own cost shows.
  add(await timeToData(sim, HISTORY_ACCOUNTS));
  add(await timeToData(sim, HISTORY_ACCOUNTS, true));
  add(await settingsTimeToData(sim, HISTORY_ACCOUNTS));
  if (!TIME_TO_DATA_ONLY) {
    add(await requestsPerCycle(sim));
    add(await workerStart());
  }
} finally {
  await sim.close();
}
rows.push({
  measure: 'load average (1, 5, 15 min) before / after the timings',
  value: `${loadBefore} / ${load()}`,
});
json.loadAverage = { before: loadBefore, after: load() };

const width = Math.max(...rows.map((r) => r.measure.length));
console.log(`\n${'measure'.padEnd(width)}  value  |  floor  |  note`);
for (const r of rows)
  console.log(
    `${r.measure.padEnd(width)}  ${r.value}${r.floor ? `  |  ${r.floor}` : ''}${r.note ? `  |  ${r.note}` : ''}`,
  );
mkdirSync('artifacts/bench', { recursive: true });
const out = `artifacts/bench/${TIME_TO_DATA_ONLY ? 'time-to-data' : 'bench'}.json`;
writeFileSync(out, JSON.stringify({ rows, ...json }, null, 2));
console.log(`\nWritten: ${out}`);
process.exit(0);
