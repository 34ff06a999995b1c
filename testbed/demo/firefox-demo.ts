import { accountItems, activityItems, historyItems } from '../browsers/stored-items';
import {
  findFirefox,
  FIREFOX_SIMULATOR_BUILD,
  launchFirefox,
  NO_FIREFOX_HELP,
} from '../browsers/firefox';
import { messagePatterns } from '../browsers/chromium-pages';
import { SettingsPage, Popup, waitForText, waitUntil } from '../browsers/firefox-pages';
import { storedAccount } from '../simulator/stored-account';
import { monthOfUse } from './demo-usage';
import type { DemoBrowser } from './demo-browser';
import { DEMO_NAME, shownLines } from './demo-run';
import type { Account } from '../../lib/store/accounts';

/**
 * The demo in Firefox (puppeteer-core over WebDriver BiDi). With a display the account is added
 * through the Settings page, as a person adds it; headless it is stored as that page stores it,
 * with its month of use first: typing the form would cost each run about 10 s.
 */
export const firefoxDemo: DemoBrowser = {
  name: 'Firefox',
  prefix: 'firefox-',
  find: () => {
    if (!findFirefox()) throw new Error(NO_FIREFOX_HELP);
  },
  buildArgs: ['-b', 'firefox', '--mode', 'simulator'],
  openMessage:
    'Firefox is open with Storage Keeper, its Settings page and its popup (in tabs). Close Firefox (or press Ctrl-C) to stop.',

  async launch(run, sim, account, locale, headless) {
    const firefox = run.closeLater(
      await run.step(`launch Firefox (${locale})`, () =>
        launchFirefox({ install: { dir: FIREFOX_SIMULATOR_BUILD }, headless, locale }),
      ),
      (f) => f.close(),
    );
    const options = new SettingsPage(
      await run.step('open the Settings page', () => firefox.open('options')),
      locale,
    );
    const storeMonth = async (stored: Account) => {
      const month = monthOfUse(stored, account.used, account.quota);
      await firefox.storeItems({
        ...historyItems(month.history),
        ...activityItems(month.activity),
      });
    };
    if (headless) {
      await run.step('store the demo account and its month of use', async () => {
        const stored = storedAccount(sim, account, { id: 'demo', label: DEMO_NAME });
        await storeMonth(stored);
        await firefox.storeItems(accountItems([stored]));
      });
    } else {
      await run.step('add the demo account in the Settings page', () =>
        options.addAccount({
          baseUrl: sim.apiUrl,
          userId: account.userId,
          password: account.password,
          apiKey: account.apiKey,
          label: DEMO_NAME,
        }),
      );
      // As the background would have stored it (in place of its first check's).
      await run.step('store its month of use', async () =>
        storeMonth(((await firefox.storage()).accounts as Account[])[0]!),
      );
    }
    const popup = await run.step('show the usage in the popup', async () => {
      const popup = new Popup(await firefox.open('popup'), locale);
      await waitForText(popup.page, popup.pattern('usageOf'), popup.card(DEMO_NAME));
      return popup;
    });
    const pageOf = (page: 'popup' | 'settings') => (page === 'popup' ? popup.page : options.page);

    return {
      closed: () => new Promise((resolve) => firefox.browser.once('disconnected', () => resolve())),
      popupCard: async () =>
        (await popup.page.waitForSelector(popup.card(DEMO_NAME)))!.evaluate(shownLines),
      sparkline: () => popup.sparkline(DEMO_NAME),
      badge: () => firefox.badge(),
      // Firefox has no media emulation: a pref sets it, and the page is waited for to follow.
      async colorScheme(page, scheme) {
        await firefox.setColorScheme(scheme);
        await waitUntil(
          pageOf(page),
          (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
          {},
          scheme === 'dark',
        );
      },
      screenshot: async (page, path) => {
        if (page === 'popup') await (await popup.page.$('body'))!.screenshot({ path });
        else await options.page.screenshot({ path, fullPage: true });
      },
      async settingsAccounts() {
        // Its tab is behind the popup's: in front, as a person would bring it to use it.
        await options.page.bringToFront();
        await waitForText(options.page, DEMO_NAME, options.section('accountsHeading'));
        return Promise.all(
          (await options.accountEntries()).map((entry) => entry.evaluate(shownLines)),
        );
      },
      async activityLog() {
        await options.showSection('activityHeading');
        // The page follows the stored log: the month's summary once it has read it.
        const summaryPattern = messagePatterns(locale)('activitySummaryDays');
        const shown = await waitForText(
          options.page,
          summaryPattern,
          options.activityLog(DEMO_NAME),
        );
        const summary = shown.split('\n').find((line) => summaryPattern.test(line))!;
        const table = (await options.page.waitForSelector(options.activityLog(DEMO_NAME)))!;
        const rows = await Promise.all(
          (await table.$$('::-p-aria([role="row"])'))
            .slice(1, 6)
            .map((row) => row.evaluate((r) => (r as HTMLElement).innerText)),
        );
        return [summary, ...rows.map((row) => row.replace(/\s+/g, ' '))];
      },
      close: () => run.close(firefox),
    };
  },
};
