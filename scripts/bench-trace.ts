// Where a popup open's time goes (`npm run bench:trace`): opens the production popup (simulator
// build) with 10 accounts holding a year of history and the blank extension page alternately, with
// Chromium's tracing on, and prints for each the main thread's work from navigation start to the
// data on screen: script loading, compiling and running, each storage read (its keys, when it was
// asked for and when it answered), style, layout and paint. Nothing in the extension is changed
// for it: the storage reads are seen through an init script that wraps chrome.storage.local.get.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { launchExtension, SIMULATOR_BUILD } from '../testbed/browsers/chromium';
import { demoAccount, startSimulator } from '../testbed/simulator/simulator';
import { storedAccount } from '../testbed/simulator/stored-account';
import { dailyHistory, FLOOR_DIR, YEAR_DAYS } from '../testbed/bench/history-year';

const ACCOUNTS = 10;
const OPENS = Number(process.env.TRACE_OPENS ?? 5);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  // The fields read here (urls, names) are strings in Chromium's trace events.
  args?: { data?: Record<string, string | undefined>; frame?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'navigation',
  'toplevel',
].join(',');

async function traced(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: unknown[] }) => void events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await run();
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** Milliseconds from navigation start until `selector` shows (as the bench measures). */
async function open(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction(
    (sel) => document.querySelector(sel) && performance.now(),
    selector,
    { polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

const TOP = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'EventDispatch',
  'ResourceSendRequest',
  'ResourceReceiveResponse',
  'ResourceFinish',
  'MarkDOMContent',
  'MarkLoad',
  'firstContentfulPaint',
  'firstPaint',
  'v8.produceModuleCache',
  'v8.run',
  'ScheduleStyleRecalculation',
]);

/** One open's story: its renderer main thread's events from navigation start on. */
function story(events: TraceEvent[], upTo: number) {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      (e.args?.data?.documentLoaderURL ?? '').startsWith('chrome-extension://'),
  );
  if (!nav) return { lines: ['(no navigationStart)'], totals: {} };
  const main = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts);
  const at = (e: TraceEvent) => (e.ts - nav.ts) / 1000;
  const lines: string[] = [];
  const totals: Record<string, number> = {};
  for (const e of main) {
    if (at(e) > upTo + 5) break;
    const ms = (e.dur ?? 0) / 1000;
    if (e.ph === 'X' && TOP.has(e.name)) totals[e.name] = (totals[e.name] ?? 0) + ms;
    if (e.name === 'RunTask' && ms >= 1)
      lines.push(`${at(e).toFixed(1).padStart(7)}  task ${ms.toFixed(1)} ms`);
    if (TOP.has(e.name) && (ms >= 0.3 || e.ph !== 'X')) {
      const data = e.args?.data ?? {};
      const what = (data.url ?? data.name ?? data.functionName ?? data.fileName ?? '').replace(
        /^chrome-extension:\/\/[a-z]+/,
        '',
      );
      lines.push(
        `${at(e).toFixed(1).padStart(7)}    ${e.name}${e.ph === 'X' ? ` ${ms.toFixed(1)} ms` : ''} ${what}`,
      );
    }
    if (e.cat.includes('blink.user_timing'))
      lines.push(`${at(e).toFixed(1).padStart(7)}    mark ${e.name} ${e.ph}`);
  }
  return { lines, totals };
}

// Every chrome.storage.local.get, with its keys, as a user-timing measure (seen in the trace).
const WRAP_STORAGE = `(() => {
  if (!globalThis.chrome?.storage?.local) return;
  const area = chrome.storage.local;
  const get = area.get.bind(area);
  let n = 0;
  area.get = (keys, callback) => {
    const id = ++n;
    const name = 'storage.get#' + id + ' ' + JSON.stringify(keys);
    const start = performance.now();
    const finish = (value) => { performance.measure(name, { start, end: performance.now() }); return value; };
    if (callback) return get(keys, (value) => { finish(); callback(value); });
    return get(keys).then(finish);
  };
})();`;

const sim = await startSimulator({
  accounts: [
    demoAccount(),
    ...Array.from({ length: ACCOUNTS - 1 }, (_, i) =>
      demoAccount({ userId: `user-${i + 2}`, password: `pw${i + 2}`, apiKey: `k${i + 2}` }),
    ),
  ],
});
const browser = await launchExtension({
  extensionDir: `${SIMULATOR_BUILD},${FLOOR_DIR}/.output/chrome-mv3`,
});
try {
  const stored = sim.accounts.map((a) => storedAccount(sim, a));
  await browser.storeAccounts(stored);
  await browser.storeHistory(dailyHistory(stored, YEAR_DAYS));
  const first = await browser.open('popup');
  await first.locator('.usage__figures').first().waitFor();
  await first.locator('.trend__line').first().waitFor();
  await first.close();
  const floorWorker = browser.context
    .serviceWorkers()
    .find((w) => !w.url().includes(browser.extensionId))!;
  const blankUrl = `chrome-extension://${new URL(floorWorker.url()).host}/blank.html`;
  mkdirSync('artifacts/bench', { recursive: true });
  const page = await browser.context.newPage();
  await page.addInitScript(WRAP_STORAGE);
  const cdp = await browser.context.newCDPSession(page);
  await open(page, browser.url('popup'), '.trend__line'); // warm-up
  for (let i = 0; i < OPENS; i++) {
    for (const [label, url, selector] of [
      ['popup', browser.url('popup'), '.trend__line'],
      ['blank', blankUrl, '#ready'],
    ] as const) {
      let shown = 0;
      const events = await traced(cdp, async () => void (shown = await open(page, url, selector)));
      const { lines, totals } = story(events, shown);
      console.log(`\n=== ${label} open ${i + 1}: data on screen at ${shown.toFixed(1)} ms`);
      if (i === OPENS - 1 || process.env.TRACE_VERBOSE) console.log(lines.join('\n'));
      // DevTools' Performance panel opens these (Load profile).
      if (i === OPENS - 1)
        writeFileSync(
          `artifacts/bench/trace-${label}.json`,
          JSON.stringify({ traceEvents: events }),
        );
      console.log(
        'totals (ms):',
        Object.entries(totals)
          .filter(([, ms]) => ms >= 0.2)
          .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
          .join(', '),
      );
    }
  }
} finally {
  await browser.close();
  await sim.close();
}
process.exit(0);
