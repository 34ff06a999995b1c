import { launchExtension, SIMULATOR_BUILD } from '../browsers/chromium';
import { median, spread, type Measured } from './measure';

/** Worker start to listeners registered and alarms checked, on fresh installs. */
export async function workerStart(): Promise<Measured> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const browser = await launchExtension({ extensionDir: SIMULATOR_BUILD });
    try {
      // performance.now() in the worker counts from its start; alarms exist once start() checked them.
      const handle = await browser.currentWorker().evaluateHandle(async () => {
        for (;;) {
          if ((await chrome.alarms.getAll()).length >= 2) return performance.now();
          await new Promise((r) => setTimeout(r, 1));
        }
      });
      times.push(await handle.jsonValue());
    } finally {
      await browser.close();
    }
  }
  const rows = [
    {
      measure: 'worker start → alarms checked (5 fresh starts)',
      value: `${median(times).toFixed(1)} ms (${spread(times)})`,
    },
  ];
  return { rows, json: { workerStart: times } };
}
