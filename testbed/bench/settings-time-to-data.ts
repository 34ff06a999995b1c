import { launchExtension, SIMULATOR_BUILD } from '../browsers/chromium';
import type { Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import { dailyHistory, FLOOR_DIR, TWO_YEARS_DAYS } from './history-year';
import { floorOrigin, timedTab } from './timed-tab';
import { kb, median, OPENS, spread, storeAccounts, type Measured } from './measure';

/**
 * The Settings page's time-to-data with `accounts` accounts holding two years of daily history
 * each, beside the floor's bare Preact page opened in the same tab after each open (a blank page
 * between): as it opens (the accounts section: every account listed with its last sign-in) and
 * at its usage history (every account's chart drawn). The page reads the whole history in either.
 * Reports each open's ratio to the bare page after it (median, p10–p90): what to compare across
 * days.
 */
export async function settingsTimeToData(sim: Simulator, accounts: number): Promise<Measured> {
  const browser = await launchExtension({
    extensionDir: `${SIMULATOR_BUILD},${FLOOR_DIR}/.output/chrome-mv3`,
  });
  try {
    await storeAccounts(browser, sim, accounts);
    const stored = sim.accounts.slice(0, accounts).map((a) => storedAccount(sim, a));
    await browser.storeHistory(dailyHistory(stored, TWO_YEARS_DAYS));
    const historyBytes = await browser
      .currentWorker()
      .evaluate(() => chrome.storage.local.getBytesInUse('history'));
    const floor = await floorOrigin(browser);
    const blankUrl = `${floor}/blank.html`;
    const bareUrl = `${floor}/popup.html`;
    // Every account's entry or chart, the last included: the whole list is drawn, not a first part.
    const views = [
      {
        name: 'accounts',
        url: browser.url('options'),
        selector: `.account-list > li:nth-child(${accounts}) .account-list__schedule`,
        row: `Settings page time-to-data, ${accounts} accounts with two years of history each (${OPENS} opens)`,
      },
      {
        name: 'history',
        url: `${browser.url('options')}#history`,
        selector: `figure.history:nth-of-type(${accounts}) .history__used`,
        row: `  its usage history section, every chart drawn (${OPENS} opens)`,
      },
    ];
    const measure = await timedTab(browser, [
      ...views.map((v) => [v.url, v.selector] as const),
      [bareUrl, '#data'],
    ]);
    const times = views.map(() => ({ page: [] as number[], bare: [] as number[] }));
    // Each open follows a blank page's, as the popup's measure does: a navigation's time counts
    // the unloading of the page before it, which the bare page would otherwise pay for the
    // Settings page. So no two Settings opens are one jump within a document (they differ only in
    // their hash).
    const opens = async (record?: (n: number, page: number, bare: number) => void) => {
      for (const [n, view] of views.entries()) {
        const page = await measure(view.url);
        await measure(blankUrl);
        record?.(n, page, await measure(bareUrl));
        await measure(blankUrl);
      }
    };
    await opens(); // warm-up
    for (let i = 0; i < OPENS; i++)
      await opens((n, page, bare) => {
        times[n]!.page.push(page);
        times[n]!.bare.push(bare);
      });
    const rows: Measured['rows'] = [
      {
        measure: 'stored history, two years of daily points per account',
        value: kb(historyBytes / accounts),
      },
    ];
    const json: Measured['json'] = { historyBytesPerAccountTwoYears: historyBytes / accounts };
    for (const [n, view] of views.entries()) {
      const { page, bare } = times[n]!;
      const overBare = page.map((ms, i) => ms / bare[i]!);
      rows.push({
        measure: view.row,
        value: `${median(page).toFixed(1)} ms (${spread(page)})`,
        floor: `${median(bare).toFixed(1)} ms bare Preact page (${spread(bare)})`,
        note: `ratio to the bare page opened after it: median ${median(overBare).toFixed(2)} (${spread(overBare, 2, '')})`,
      });
      json[`settingsTimeToData.${view.name}`] = {
        page,
        bare,
        overBare: median(overBare),
        overBareSpread: spread(overBare, 2, ''),
      };
    }
    return { rows, json };
  } finally {
    await browser.close();
  }
}
