import type { ExtensionSession } from '../browsers/chromium';
import type { Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';

// What the bench's measurements share: a row of the printed table, what one measurement gives
// (its rows and its part of bench.json), and the statistics and units they are given in.

/** One row of the printed table. */
export interface Row {
  measure: string;
  value: string;
  floor?: string;
  note?: string;
}

/** What one measurement gives: its rows, and its part of bench.json. */
export interface Measured {
  rows: Row[];
  json: Record<string, unknown>;
}

/** `npm run bench`'s opens per time-to-data measure (BENCH_OPENS, 20 unless set). */
export const OPENS = Number(process.env.BENCH_OPENS ?? 20);

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The 10th and 90th percentiles of `xs`, with `digits` decimals. */
export const spread = (xs: number[], digits = 1, unit = ' ms') => {
  const s = [...xs].sort((a, b) => a - b);
  return `p10 ${s[Math.floor(s.length * 0.1)]!.toFixed(digits)} – p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(digits)}${unit}`;
};

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A check's field in an account's stored snapshot (lib/store/account-state.ts). */
export type CheckField = 'keepAlive' | 'refresh';

/**
 * Waits until the worker has recorded a check of each account in `ids` attempted at or after
 * `since` (its snapshot's `lastAttemptAt`): the run's requests are over once it is recorded.
 * Event-driven (storage.onChanged); `guardMs` only keeps a run that never comes from hanging.
 */
export async function runRecorded(
  browser: ExtensionSession,
  field: CheckField,
  ids: string[],
  since: number,
  guardMs: number,
): Promise<boolean> {
  // A string, not a function: tsx's keepNames would wrap its inner functions in a `__name`
  // the worker does not have.
  return browser.currentWorker().evaluate<boolean>(`new Promise((resolve) => {
    const [field, ids, since, guard] = ${JSON.stringify([field, ids, since, guardMs])};
    const done = async () => {
      const { snapshots } = await chrome.storage.local.get('snapshots');
      return ids.every((id) => (snapshots?.[id]?.[field]?.lastAttemptAt ?? -1) >= since);
    };
    const finish = (ok) => {
      chrome.storage.onChanged.removeListener(changed);
      clearTimeout(timer);
      resolve(ok);
    };
    const changed = (changes) => void ('snapshots' in changes && done().then((ok) => ok && finish(true)));
    const timer = setTimeout(() => finish(false), guard);
    chrome.storage.onChanged.addListener(changed);
    void done().then((ok) => ok && finish(true));
  })`);
}

/**
 * How long a setup waits for the worker's first checks of newly stored accounts: a guard, not a
 * measure. They normally land in a second or two; on a machine busy with every other lane one
 * took over a minute (a call timed out, its retry waiting).
 */
const FIRST_CHECK_GUARD_MS = 180_000;

/**
 * Accounts stored as the Settings page stores them, once the worker has checked each of them on
 * its own (both checks recorded) and the popup shows their figures. Nothing is clicked: a
 * background that does not check a newly stored account fails here, saying what the popup
 * shows and which alarms are set.
 */
export async function storeAccounts(browser: ExtensionSession, sim: Simulator, count: number) {
  const accounts = sim.accounts.slice(0, count).map((a) => storedAccount(sim, a));
  const ids = accounts.map((a) => a.id);
  const storedAt = Date.now();
  await browser.storeAccounts(accounts);
  const checked =
    (await runRecorded(browser, 'keepAlive', ids, storedAt, FIRST_CHECK_GUARD_MS)) &&
    (await runRecorded(browser, 'refresh', ids, storedAt, FIRST_CHECK_GUARD_MS));
  const popup = await browser.open('popup');
  try {
    const figures = popup.locator('.usage__figures').first();
    const shown =
      checked &&
      (await figures.waitFor({ timeout: 60_000 }).then(
        () => true,
        () => false,
      ));
    if (!shown) {
      const text = await popup.locator('body').innerText();
      const alarms = await browser.currentWorker().evaluate(() => chrome.alarms.getAll());
      throw new Error(
        `the background did not check ${count} newly stored account(s) on its own within ` +
          `${FIRST_CHECK_GUARD_MS / 1000} s (both checks recorded: ${checked}); the popup shows: ` +
          `${text}; alarms: ${JSON.stringify(alarms)}`,
      );
    }
  } finally {
    await popup.close();
  }
}
