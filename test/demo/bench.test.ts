import { existsSync, readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { npm } from './npm-script';

// `npm run bench` as a developer runs it (docs/benchmarks.md), with two opens per measure instead
// of twenty and three worker starts instead of ten: it must build, measure and exit 0, printing
// its table and writing bench.json; a page whose data never shows (the popup, the Settings page,
// the floor's) fails it, naming the page. Its timings are only reported, never held to a number
// here; what it counts exactly is: the pages never call the service.

const JSON_OUT = 'artifacts/bench/bench.json';

describe('npm run bench', () => {
  it("builds, measures sizes, the popup's and the Settings page's time-to-data, requests and the worker start, prints its table, writes bench.json, and exits 0", async () => {
    rmSync(JSON_OUT, { force: true });
    const ran = await npm(['run', 'bench'], { BENCH_OPENS: '2', BENCH_STARTS: '3' });
    expect(ran.code, ran.stderr).toBe(0);
    for (const row of [
      /^popup gzip at open \(js [\d.]+ KB \+ css [\d.]+ KB\) +[\d.]+ KB/m,
      /^popup time-to-data, 1 account \(2 opens\) +[\d.]+ ms/m,
      /^popup time-to-data, 10 accounts with a year of history each \(2 opens\)/m,
      /^stored history, a year of daily points per account +[\d.]+ KB/m,
      /^Settings page time-to-data, 10 accounts with two years of history each \(2 opens\) +[\d.]+ ms .*bare Preact page.*ratio to the bare page opened after it: median [\d.]+/m,
      /^ {2}its usage history section, every chart drawn \(2 opens\) +[\d.]+ ms .*ratio to the bare page opened after it: median [\d.]+/m,
      /^worker start → alarms checked \(3 fresh starts\) +[\d.]+ ms .*bare background.*ratio to the bare background started beside it: p50 [\d.]+/m,
    ])
      expect(ran.stdout).toMatch(row);
    // Sign-ins and usage updates come from the alarms; opening a page sends nothing.
    for (const accounts of ['1 account', '3 accounts']) {
      expect(ran.stdout).toMatch(
        new RegExp(
          `^requests per account, ${accounts} +sign-in [1-9][\\d.]*, usage update [1-9][\\d.]*, popup open 0, Settings page open 0`,
          'm',
        ),
      );
    }
    expect(existsSync(JSON_OUT)).toBe(true);
    const written = JSON.parse(readFileSync(JSON_OUT, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      'requests.1': { popupOpen: 0, settingsOpen: 0 },
      'requests.3': { popupOpen: 0, settingsOpen: 0 },
    });
    // Each Settings page open timed, beside the bare page opened after it.
    for (const view of ['accounts', 'history'])
      expect(written[`settingsTimeToData.${view}`]).toMatchObject({
        page: [expect.any(Number), expect.any(Number)],
        bare: [expect.any(Number), expect.any(Number)],
      });
    expect(written.workerStart).toHaveLength(3);
    expect(written.workerStartFloor).toHaveLength(3);
    expect(written.workerStartRatio).toHaveLength(3);
  }, 900_000);
});
