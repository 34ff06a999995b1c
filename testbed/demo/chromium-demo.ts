import {
  findChromium,
  launchExtension,
  NO_CHROMIUM_HELP,
  SIMULATOR_BUILD,
} from '../browsers/chromium';
import { messagePatterns, SettingsPage, Popup } from '../browsers/chromium-pages';
import { storedAccount } from '../simulator/stored-account';
import { monthOfUse } from './demo-usage';
import type { DemoBrowser } from './demo-browser';
import { DEMO_NAME, shownLines } from './demo-run';

/** The demo in Chromium (playwright-core): the account and its month stored as the Settings page stores them. */
export const chromiumDemo: DemoBrowser = {
  name: 'Chromium',
  prefix: '',
  find: () => {
    if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  },
  buildArgs: ['--mode', 'simulator'],
  openMessage:
    'Chromium is open with Storage Keeper and its popup. Close the browser (or press Ctrl-C) to stop.',

  async launch(run, sim, account, locale, headless) {
    const browser = run.closeLater(
      await run.step(`launch Chromium (${locale})`, () =>
        launchExtension({ extensionDir: SIMULATOR_BUILD, headless, locale }),
      ),
      (b) => b.close(),
    );
    await run.step('store the demo account and its month of use', async () => {
      const stored = storedAccount(sim, account, { id: 'demo', label: DEMO_NAME });
      const month = monthOfUse(stored, account.used, account.quota);
      await browser.storeHistory(month.history);
      await browser.storeActivity(month.activity);
      await browser.storeAccounts([stored]);
    });
    const popup = await run.step('show the usage in the popup', async () => {
      const popup = new Popup(await browser.open('popup'), locale);
      await popup.card(DEMO_NAME).getByText(popup.pattern('usageOf')).waitFor();
      await popup.sparkline(DEMO_NAME).waitFor();
      await popup.page.bringToFront();
      return popup;
    });
    let settings: SettingsPage | undefined;
    const settingsPage = async () =>
      (settings ??= new SettingsPage(
        await run.step('open the Settings page', () => browser.open('options')),
        locale,
      ));
    const pageOf = async (page: 'popup' | 'settings') =>
      page === 'popup' ? popup.page : (await settingsPage()).page;

    return {
      closed: () => new Promise((resolve) => browser.context.on('close', () => resolve())),
      popupCard: () => popup.card(DEMO_NAME).evaluate(shownLines),
      sparkline: async () => (await popup.sparkline(DEMO_NAME).getAttribute('aria-label')) ?? '',
      badge: () => browser.badge(),
      colorScheme: async (page, scheme) =>
        (await pageOf(page)).emulateMedia({ colorScheme: scheme }),
      screenshot: async (page, path) => {
        if (page === 'popup') await popup.page.locator('body').screenshot({ path });
        else await (await pageOf(page)).screenshot({ path, fullPage: true });
      },
      async settingsAccounts() {
        const options = await settingsPage();
        await options.accountEntries().filter({ hasText: DEMO_NAME }).waitFor();
        return Promise.all(
          (await options.accountEntries().all()).map((entry) => entry.evaluate(shownLines)),
        );
      },
      async activityLog() {
        const options = await settingsPage();
        await options.showSection('activityHeading');
        const log = options.activityLog(DEMO_NAME);
        const summary = await log
          .getByText(messagePatterns(locale)('activitySummaryDays'))
          .innerText();
        // The newest five entries, below the table's header row.
        const rows = (await log.getByRole('row').allInnerTexts()).slice(1, 6);
        return [summary, ...rows.map((row) => row.replace(/\s+/g, ' '))];
      },
      close: () => run.close(browser),
    };
  },
};
