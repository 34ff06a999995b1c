// `npm run bench`: size, popup time-to-data, requests per cycle and worker start, side by side in
// one run so the machine's noise cancels out. Prints one table; writes artifacts/bench/bench.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  E2E_BUILD,
  launchExtension,
  SIMULATOR_BUILD,
  type ExtensionSession as Session,
} from '../testbed/browsers/chromium';
import { demoAccount, startSimulator, type Simulator } from '../testbed/simulator/simulator';
import { storedAccount } from '../testbed/simulator/stored-account';
import { accountIdentity } from '../lib/store/accounts';
import { ALARM } from '../lib/store/stored-names';
import {
  ACTIVITY_DAYS,
  ACTIVITY_MAX_ENTRIES,
  addActivity,
  packActivity,
  type AccountActivity,
} from '../lib/store/activity';
import { BUDGETS, ENTRIES, entrySize, ON_DEMAND_BUDGETS } from '../testbed/bench/bundle-size';
import { FLOOR_DIR, yearOfHistory } from '../testbed/bench/history-year';
import { builtByCi } from '../.ci/built';

const OPENS = Number(process.env.BENCH_OPENS ?? 20);
/** `npm run bench -- --time-to-data`: only the popup's time-to-data (a few minutes less). */
const TIME_TO_DATA_ONLY = process.argv.includes('--time-to-data');
const HISTORY_ACCOUNTS = 10;
const rows: { measure: string; value: string; floor?: string; note?: string }[] = [];
const json: Record<string, unknown> = {};

function build() {
  const run = (args: string[], cwd = '.') =>
    execFileSync('npx', ['wxt', 'build', ...args], { cwd, stdio: 'ignore' });
  if (!TIME_TO_DATA_ONLY) run([]);
  run(['--mode', 'simulator']);
  // Inside `npm test` the e2e build is made once, the same way, for the suites running beside the
  // bench: building it again would swap it under them.
  if (!TIME_TO_DATA_ONLY && !builtByCi())
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

function sizes() {
  const floor = {
    page: entrySize(`${FLOOR_DIR}/.output/chrome-mv3`, 'popup.html').total,
    background: entrySize(`${FLOOR_DIR}/.output/chrome-mv3`, 'background.js').total,
  };
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const [name, entry] of Object.entries(ENTRIES) as [keyof typeof ENTRIES, string][]) {
    const size = entrySize('.output/chrome-mv3', entry);
    const base = name === 'background' ? floor.background : floor.page;
    rows.push({
      measure: `${name} gzip at open (js ${kb(size.js)} + css ${kb(size.css)})`,
      value: kb(size.total),
      floor: kb(base),
      note: `budget ${kb(BUDGETS[name])}; on demand ${kb(size.onDemand)} more (bound ${kb(ON_DEMAND_BUDGETS[name])})`,
    });
    json[`size.${name}`] = { ...size, floor: base, budget: BUDGETS[name] };
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The 10th and 90th percentiles of `xs`, with `digits` decimals. */
const spread = (xs: number[], digits = 1, unit = ' ms') => {
  const s = [...xs].sort((a, b) => a - b);
  return `p10 ${s[Math.floor(s.length * 0.1)]!.toFixed(digits)} – p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(digits)}${unit}`;
};

/**
 * The activity log's stored size per account (as chrome.storage counts it: the JSON of the
 * value), made by the background's own add and pack functions over 90 days: the defaults'
 * neighbour (daily sign-ins, hourly usage updates) and the shortest intervals allowed (hourly
 * sign-ins, usage every 5 minutes, of which successful ones are kept once an hour).
 */
function activitySizes() {
  const identity = accountIdentity({
    baseUrl: 'https://api.teracloud.jp',
    userId: 'someone@example.com',
  });
  const end = Date.UTC(2026, 10, 1);
  const start = end - ACTIVITY_DAYS * 86_400_000;
  const bytes = (signInMinutes: number, usageMinutes: number) => {
    let activity: AccountActivity | undefined;
    for (let at = start; at < end; at += 5 * 60_000) {
      const minute = (at - start) / 60_000;
      if (minute % signInMinutes === 0)
        activity = addActivity(
          activity,
          identity,
          { at, check: 'sign-in', trigger: 'schedule', outcome: 'ok' },
          at,
        );
      if (minute % usageMinutes === 0)
        activity = addActivity(
          activity,
          identity,
          { at, check: 'usage', trigger: 'schedule', outcome: 'ok' },
          at,
        );
    }
    return Buffer.byteLength(
      JSON.stringify({ identity, entries: packActivity(activity!.entries) }),
    );
  };
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const usual = bytes(24 * 60, 60);
  const shortest = bytes(60, 5);
  rows.push({
    measure: 'stored activity log, 90 days of hourly usage updates + daily sign-ins',
    value: kb(usual),
    note: 'per account',
  });
  rows.push({
    measure: 'stored activity log, 90 days of hourly sign-ins + 5-minute usage updates',
    value: kb(shortest),
    note: `bound ≤ 32 KB (successful usage updates kept once an hour; at most ${ACTIVITY_MAX_ENTRIES} entries)`,
  });
  json.activityBytesPerAccount = { usual, shortest };
}

// Marks when `selector` first shows: in the first animation frame after it is in the document
// (the frame that paints it), in milliseconds since navigation start, reported through a CDP
// binding. Nothing of Playwright's runs in the page while it loads: polling from outside
// (waitForFunction) evaluated Playwright's injected script on the page's main thread in the middle
// of the popup's own work, 30 ms and more on this machine, which a blank page never competes with.
const SHOWN_BINDING = 'benchShown';
const MARK_SHOWN = `(() => {
  const selector = location.pathname.endsWith('/blank.html') ? '#ready' : (sessionStorage.getItem('benchSelector ' + location.pathname) ?? '');
  if (!selector || typeof ${SHOWN_BINDING} !== 'function') return;
  let done = false;
  const check = () => {
    if (done || !document.querySelector(selector)) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => ${SHOWN_BINDING}(String(performance.now())));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Popup time-to-data vs a blank extension page, opened alternately in one tab (popup, blank, the
 * floor's bare Preact page, popup, blank…) so all see the same load, with `accounts` accounts;
 * `withHistory`, each holding a year of history (and that history's size). Reports the ratio of
 * the medians and the median of each open's ratio to the blank open beside it, for the popup and
 * for the bare Preact page that reads one stored value: what any page on this stack costs; and the
 * median of each popup open's ratio to the bare page opened right after it, with its p10–p90
 * (issue 28's measure).
 */
async function timeToData(sim: Simulator, accounts: number, withHistory = false) {
  const browser = await launchExtension({
    extensionDir: `${SIMULATOR_BUILD},${FLOOR_DIR}/.output/chrome-mv3`,
  });
  try {
    await storeAccounts(browser, sim, accounts);
    if (withHistory) {
      const stored = sim.accounts.slice(0, accounts).map((a) => storedAccount(sim, a));
      await browser.storeHistory(yearOfHistory(stored));
      const bytes = await browser
        .currentWorker()
        .evaluate(() => chrome.storage.local.getBytesInUse('history'));
      const perAccount = bytes / accounts;
      rows.push({
        measure: 'stored history, a year of daily points per account',
        value: `${(perAccount / 1024).toFixed(1)} KB`,
        note: 'bound ≤ 16 KB',
      });
      json.historyBytesPerAccountYear = perAccount;
    }
    const floorWorker =
      browser.context.serviceWorkers().find((w) => !w.url().includes(browser.extensionId)) ??
      (await browser.context.waitForEvent('serviceworker'));
    const floorOrigin = `chrome-extension://${new URL(floorWorker.url()).host}`;
    const blankUrl = `${floorOrigin}/blank.html`;
    const preactUrl = `${floorOrigin}/popup.html`;
    // With history, data is there when the sparklines are: figures and history come in one render.
    const data = withHistory ? '.trend__line' : '.usage__figures';
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    let shown: ((ms: number) => void) | undefined;
    cdp.on(
      'Runtime.bindingCalled',
      ({ name, payload }) => name === SHOWN_BINDING && shown?.(Number(payload)),
    );
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: SHOWN_BINDING });
    await page.addInitScript(MARK_SHOWN);
    // Each page's selector, kept by its origin's session storage in this tab across navigations.
    for (const [url, selector] of [
      [browser.url('popup'), data],
      [preactUrl, '#data'],
    ] as const) {
      await page.goto(url);
      await page.evaluate(
        (sel) => sessionStorage.setItem(`benchSelector ${location.pathname}`, sel),
        selector,
      );
    }
    // An open whose data never shows fails the bench with its address instead of hanging it (a
    // minute: only a hang guard, never a measure; a busy machine's first open can take seconds).
    const measure = async (url: string) => {
      let timer: NodeJS.Timeout | undefined;
      const seen = new Promise<number>((resolve, reject) => {
        shown = resolve;
        timer = setTimeout(() => reject(new Error(`no data shown within 60 s: ${url}`)), 60_000);
      });
      try {
        const [ms] = await Promise.all([seen, page.goto(url)]);
        return ms;
      } finally {
        clearTimeout(timer);
      }
    };
    const popup: number[] = [];
    const blank: number[] = [];
    const preact: number[] = [];
    for (const url of [browser.url('popup'), blankUrl, preactUrl]) await measure(url); // warm-up
    for (let i = 0; i < OPENS; i++) {
      popup.push(await measure(browser.url('popup')));
      blank.push(await measure(blankUrl));
      preact.push(await measure(preactUrl));
    }
    const ratios = (xs: number[]) => ({
      ratio: median(xs) / median(blank),
      paired: median(xs.map((ms, i) => ms / blank[i]!)),
    });
    const popupRatio = ratios(popup);
    const preactRatio = ratios(preact);
    // Issue 28's measure: each popup open over the bare Preact page opened right after it.
    const overBare = popup.map((ms, i) => ms / preact[i]!);
    const what = `${accounts} account${accounts > 1 ? 's' : ''}${withHistory ? ' with a year of history each' : ''}`;
    rows.push({
      measure: `popup time-to-data, ${what} (${OPENS} opens)`,
      value: `${median(popup).toFixed(1)} ms (${spread(popup)})`,
      floor: `${median(blank).toFixed(1)} ms blank page (${spread(blank)})`,
      note: `ratio of medians ${popupRatio.ratio.toFixed(2)}, median of paired ratios ${popupRatio.paired.toFixed(2)} (goal ≤ 1.2)`,
    });
    rows.push({
      measure: `  a bare Preact page reading one stored value, beside it`,
      value: `${median(preact).toFixed(1)} ms (${spread(preact)})`,
      note: `ratio of medians ${preactRatio.ratio.toFixed(2)}, median of paired ratios ${preactRatio.paired.toFixed(2)}`,
    });
    rows.push({
      measure: `  popup / bare Preact page, paired opens`,
      value: `median ${median(overBare).toFixed(2)} (${spread(overBare, 2, '')})`,
      note: `goal ≤ 1.15 with 10 accounts and a year of history (issue 28)`,
    });
    json[`timeToData.${accounts}${withHistory ? '.history' : ''}`] = {
      popup,
      blank,
      preact,
      ratio: popupRatio.ratio,
      pairedRatio: popupRatio.paired,
      preactRatio: preactRatio.ratio,
      preactPairedRatio: preactRatio.paired,
      popupOverBare: median(overBare),
      popupOverBareSpread: spread(overBare, 2, ''),
    };
  } finally {
    await browser.close();
  }
}

/** Accounts stored as the options page stores them. */
async function storeAccounts(browser: Session, sim: Simulator, count: number) {
  await browser.storeAccounts(sim.accounts.slice(0, count).map((a) => storedAccount(sim, a)));
  await new Promise((r) => setTimeout(r, 500));
  const popup = await browser.open('popup');
  await popup.locator('.usage__figures').first().waitFor();
  await popup.close();
}

/** Waits until an alarm has fired (its next time moved on), then lets its requests finish. */
async function nextFiring(browser: Session, name: string) {
  const worker = browser.currentWorker();
  const before = await worker.evaluate(
    (n) => chrome.alarms.get(n).then((a) => a?.scheduledTime),
    name,
  );
  await worker.evaluate(
    async ([n, t]) => {
      while ((await chrome.alarms.get(n))?.scheduledTime === t)
        await new Promise((r) => setTimeout(r, 20));
    },
    [name, before] as const,
  );
  await new Promise((r) => setTimeout(r, 1_000));
}

/**
 * Requests the simulator sees per sign-in, per usage update, per popup and options open, in real
 * Chromium. The e2e build runs intervals 720 times faster (1 h = 5 s), so real alarms fire.
 */
async function requestsPerCycle(sim: Simulator) {
  for (const count of [1, 3]) {
    const browser = await launchExtension({ extensionDir: E2E_BUILD });
    try {
      await storeAccounts(browser, sim, count);
      const setIntervals = (keepAliveHours: number, refreshMinutes: number) =>
        browser
          .currentWorker()
          .evaluate((s) => chrome.storage.local.set({ settings: s, settings$: { v: 1 } }), {
            keepAliveHours,
            refreshMinutes,
            warningPercent: 90,
            criticalPercent: 95,
            notifyUsage: true,
            notifyKeepAlive: true,
          });
      const per = async (run: () => Promise<void>, server?: 'api' | 'node') => {
        sim.requests.length = 0;
        await run();
        return sim.requests.filter((r) => !server || r.server === server).length / count;
      };
      await setIntervals(1, 1440); // a sign-in every 5 s, a usage update every 2 min
      await nextFiring(browser, ALARM.signIn);
      const signIn = await per(() => nextFiring(browser, ALARM.signIn));
      await setIntervals(168, 60); // a usage update every 5 s, a sign-in every 14 min
      await nextFiring(browser, ALARM.usageUpdate);
      const usageUpdate = await per(() => nextFiring(browser, ALARM.usageUpdate));
      await setIntervals(168, 1440);
      const popupOpen = await per(async () => {
        const page = await browser.open('popup');
        await page.locator('.usage__figures').first().waitFor();
        await page.waitForTimeout(500);
        await page.close();
      });
      const optionsOpen = await per(async () => {
        const page = await browser.open('options');
        await page.getByRole('button', { name: 'Add account' }).waitFor();
        await page.waitForTimeout(500);
        await page.close();
      });
      rows.push({
        measure: `requests per account, ${count} account${count > 1 ? 's' : ''}`,
        value: `sign-in ${signIn}, usage update ${usageUpdate}, popup open ${popupOpen}, options open ${optionsOpen}`,
        note: 'goal 1, 1, 0, 0',
      });
      json[`requests.${count}`] = { signIn, usageUpdate, popupOpen, optionsOpen };
    } finally {
      await browser.close();
    }
  }
}

/** Worker start to listeners registered and alarms checked, on fresh installs. */
async function workerStart() {
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
      times.push((await handle.jsonValue()) as number);
    } finally {
      await browser.close();
    }
  }
  rows.push({
    measure: 'worker start → alarms checked (5 fresh starts)',
    value: `${median(times).toFixed(1)} ms (${spread(times)})`,
  });
  json.workerStart = times;
}

build();
const loadBefore = load();
if (!TIME_TO_DATA_ONLY) {
  sizes();
  activitySizes();
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
  await timeToData(sim, 1);
  // The same accounts without and with their history, so the history's own cost shows.
  await timeToData(sim, HISTORY_ACCOUNTS);
  await timeToData(sim, HISTORY_ACCOUNTS, true);
  if (!TIME_TO_DATA_ONLY) {
    await requestsPerCycle(sim);
    await workerStart();
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
