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

/**
 * Accounts stored as the Settings page stores them, once the popup has shown them. A setup, not a
 * measure: the first scheduled check normally lands in a second or two, but on a machine busy with
 * every other lane it has taken over a minute (a call timed out, its retry waiting), so after a
 * minute the popup's own Check now is clicked, as a user would; still nothing, and the failure
 * says what the popup showed and which alarms were set.
 */
export async function storeAccounts(browser: ExtensionSession, sim: Simulator, count: number) {
  await browser.storeAccounts(sim.accounts.slice(0, count).map((a) => storedAccount(sim, a)));
  await new Promise((r) => setTimeout(r, 500));
  const popup = await browser.open('popup');
  const figures = popup.locator('.usage__figures').first();
  try {
    await figures.waitFor({ timeout: 60_000 });
  } catch {
    await popup.getByRole('button', { name: 'Check now', exact: true }).click();
    await figures.waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
      const shown = await popup.locator('body').innerText();
      const alarms = await browser.currentWorker().evaluate(() => chrome.alarms.getAll());
      throw new Error(
        `no usage figures in the popup after 3 minutes and a Check now; it shows: ${shown}; alarms: ${JSON.stringify(alarms)}`,
        { cause: error },
      );
    });
  }
  await popup.close();
}
