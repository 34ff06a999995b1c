import type { Worker } from 'playwright-core';
import { launchExtension, SIMULATOR_BUILD } from '../browsers/chromium';
import { FLOOR_DIR } from './history-year';
import { median, spread, type Measured } from './measure';

/** Fresh starts measured (BENCH_STARTS, 10 unless set). */
const STARTS = Number(process.env.BENCH_STARTS ?? 10);

/** Milliseconds from a worker's start until it has at least `alarms` alarms set. */
const alarmsChecked = (worker: Worker, alarms: number) =>
  worker.evaluate(async (n) => {
    // performance.now() in the worker counts from its start.
    for (;;) {
      if ((await chrome.alarms.getAll()).length >= n) return performance.now();
      await new Promise((r) => setTimeout(r, 1));
    }
  }, alarms);

/**
 * Worker start to listeners registered and alarms checked, on fresh installs, beside the floor's
 * bare background (which checks and sets one alarm at its start) installed and started with it
 * in the same browser: the ratio of each start to the floor's beside it is what to compare.
 */
export async function workerStart(): Promise<Measured> {
  const times: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const browser = await launchExtension({
      extensionDir: `${SIMULATOR_BUILD},${FLOOR_DIR}/.output/chrome-mv3`,
    });
    try {
      const workers = async () => {
        for (;;) {
          // Listened for before the list is read: a worker starting in between is not missed.
          const next = browser.context.waitForEvent('serviceworker', { timeout: 60_000 });
          const all = browser.context.serviceWorkers();
          const names = await Promise.all(
            all.map((w) => w.evaluate(() => chrome.runtime.getManifest().name)),
          );
          const bare = all[names.indexOf('floor')];
          const own = all.find((_, n) => names[n] !== 'floor');
          if (bare && own) {
            next.catch(() => undefined);
            return { bare, own };
          }
          await next;
        }
      };
      const { bare, own } = await workers();
      const [ms, floorMs] = await Promise.all([alarmsChecked(own, 2), alarmsChecked(bare, 1)]);
      times.push(ms);
      floor.push(floorMs);
    } finally {
      await browser.close();
    }
  }
  const ratios = times.map((ms, i) => ms / floor[i]!);
  const rows = [
    {
      measure: `worker start → alarms checked (${STARTS} fresh starts)`,
      value: `${median(times).toFixed(1)} ms (${spread(times)})`,
      floor: `${median(floor).toFixed(1)} ms bare background (${spread(floor)})`,
      note: `ratio to the bare background started beside it: p50 ${median(ratios).toFixed(2)} (${spread(ratios, 2, '')})`,
    },
  ];
  return {
    rows,
    json: { workerStart: times, workerStartFloor: floor, workerStartRatio: ratios },
  };
}
