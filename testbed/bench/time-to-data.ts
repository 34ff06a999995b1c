import { launchExtension, SIMULATOR_BUILD } from '../browsers/chromium';
import type { Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import { dailyHistory, FLOOR_DIR, YEAR_DAYS } from './history-year';
import { floorOrigin, timedTab } from './timed-tab';
import { median, OPENS, spread, storeAccounts, type Measured } from './measure';

/**
 * Popup time-to-data vs a blank extension page, opened alternately in one tab (popup, blank, the
 * floor's bare Preact page, popup, blank…) so all see the same load, with `accounts` accounts;
 * `withHistory`, each holding a year of history (and that history's size). Reports the ratio of
 * the medians and the median of each open's ratio to the blank open beside it, for the popup and
 * for the bare Preact page that reads one stored value: what any page on this stack costs; and the
 * median of each popup open's ratio to the bare page opened right after it, with its p10–p90
 * (issue 28's measure).
 */
export async function timeToData(
  sim: Simulator,
  accounts: number,
  withHistory = false,
): Promise<Measured> {
  const rows: Measured['rows'] = [];
  const json: Measured['json'] = {};
  const browser = await launchExtension({
    extensionDir: `${SIMULATOR_BUILD},${FLOOR_DIR}/.output/chrome-mv3`,
  });
  try {
    await storeAccounts(browser, sim, accounts);
    if (withHistory) {
      const stored = sim.accounts.slice(0, accounts).map((a) => storedAccount(sim, a));
      await browser.storeHistory(dailyHistory(stored, YEAR_DAYS));
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
    const floor = await floorOrigin(browser);
    const blankUrl = `${floor}/blank.html`;
    const preactUrl = `${floor}/popup.html`;
    // With history, data is there when the sparklines are: figures and history come in one render.
    const data = withHistory ? '.trend__line' : '.usage__figures';
    const measure = await timedTab(browser, [
      [browser.url('popup'), data],
      [preactUrl, '#data'],
    ]);
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
  return { rows, json };
}
