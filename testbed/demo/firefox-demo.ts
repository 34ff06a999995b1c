// `npm start -- --browser firefox` (or `npm run start:firefox`): the demo of scripts/start.ts in
// Firefox. With a display: a normal Firefox window with the add-on, set up through its options
// page, and its popup in a tab, until you close it. Without one: headless, the account stored
// as the options page stores it; prints what the popup, the badge and the Settings page show,
// saves screenshots (light and dark, English and Japanese) and exits.
// Each step is named: one that fails says so in one line and exits 1.
import { accountItems, activityItems, historyItems } from '../browsers/chromium';
import {
  DEMO_NAME,
  DemoRun,
  demoFile,
  noDisplay,
  printBadge,
  printLines,
  shownLines,
} from './demo-run';
import {
  findFirefox,
  FIREFOX_SIMULATOR_BUILD,
  launchFirefox,
  NO_FIREFOX_HELP,
  type FirefoxSession,
} from '../browsers/firefox';
import { messagePatterns } from '../browsers/chromium-pages';
import { OptionsPage, Popup, waitForText, waitUntil } from '../browsers/firefox-pages';
import {
  demoAccount,
  startSimulator,
  type SimAccount,
  type Simulator,
} from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import { monthOfUse } from './demo-usage';
import type { Account } from '../../lib/store/accounts';

const run = new DemoRun('npm run start:firefox');

/** Runs the Firefox demo, then exits the process. */
export async function startFirefox(): Promise<never> {
  await run.step('find Firefox', () => {
    if (!findFirefox()) throw new Error(NO_FIREFOX_HELP);
  });
  console.log('Building the Firefox simulator build of the extension…');
  await run.build(['-b', 'firefox', '--mode', 'simulator']);
  const account = demoAccount();
  const sim = run.closeLater(
    await run.step('start the service simulator', () => startSimulator({ accounts: [account] })),
    (s) => s.close(),
  );
  console.log(`Service simulator: API ${sim.apiUrl}, node ${sim.nodeUrl}`);

  const headless = noDisplay();
  if (!headless) {
    const { firefox } = await showPopup(sim, account, 'en', false);
    console.log(
      'Firefox is open with Storage Keeper, its options page and its popup (in tabs). Close Firefox (or press Ctrl-C) to stop.',
    );
    await new Promise((resolve) => firefox.browser.once('disconnected', resolve));
  } else {
    console.log('\nNo display: ran Firefox headless.');
    for (const locale of ['en', 'ja'] as const) await headlessDemo(sim, account, locale);
    console.log(
      `Screenshots: ${demoFile('')}firefox-popup-*.png, firefox-options-accounts-*.png, firefox-options-activity-*.png (light and dark, en and ja)`,
    );
  }
  await run.stop();
  process.exit(0);
}

/** Firefox in this language with the demo account added and its month stored, its popup showing the usage. */
async function showPopup(
  sim: Simulator,
  account: SimAccount,
  locale: 'en' | 'ja',
  headless: boolean,
) {
  const firefox = run.closeLater(
    await run.step(`launch Firefox (${locale})`, () =>
      launchFirefox({ install: { dir: FIREFOX_SIMULATOR_BUILD }, headless, locale }),
    ),
    (f) => f.close(),
  );
  const options = new OptionsPage(
    await run.step('open the Settings page', () => firefox.open('options')),
    locale,
  );
  if (headless) {
    // Stored as the options page stores it, with its month of use stored first: typing the form
    // (the real-browser suites do) would cost each run about 10 s.
    await run.step('store the demo account and its month of use', async () => {
      const stored = storedAccount(sim, account, { id: 'demo', label: DEMO_NAME });
      const month = monthOfUse(stored, account.used, account.quota);
      await firefox.storeItems({
        ...historyItems(month.history),
        ...activityItems(month.activity),
      });
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
    await run.step('store its month of use', async () => {
      // As the background would have stored it (in place of its first check's).
      const [stored] = (await firefox.storage()).accounts as Account[];
      const month = monthOfUse(stored!, account.used, account.quota);
      await firefox.storeItems({
        ...historyItems(month.history),
        ...activityItems(month.activity),
      });
    });
  }
  const popup = await run.step('show the usage in the popup', async () => {
    const popup = new Popup(await firefox.open('popup'), locale);
    await waitForText(popup.page, popup.pattern('usageOf'), popup.card(DEMO_NAME));
    return popup;
  });
  return { firefox, popup, options };
}

/** The demo without a display in one language: prints what the pages show (English) and saves their screenshots. */
async function headlessDemo(sim: Simulator, account: SimAccount, locale: 'en' | 'ja') {
  const print = locale === 'en';
  const { firefox, popup, options } = await showPopup(sim, account, locale, true);
  const card = await run.step('read the popup', async () =>
    (await popup.page.waitForSelector(popup.card(DEMO_NAME)))!.evaluate(shownLines),
  );
  const sparkline = await run.step("show the popup's sparkline", () => popup.sparkline(DEMO_NAME));
  if (print) {
    printLines('The popup shows:', [...card, `Sparkline: ${sparkline}`]);
    printBadge(await run.step('read the badge', () => firefox.badge()));
  }
  await run.step(`save the popup's screenshots (${locale})`, () =>
    screenshots(firefox, popup.page, async (scheme) =>
      (await popup.page.$('body'))!.screenshot({
        path: demoFile(`firefox-popup-${scheme}-${locale}.png`),
      }),
    ),
  );

  const page = options.page;
  const entries = await run.step("show the Settings page's account list", async () => {
    // Its tab is behind the popup's: in front, as a person would bring it to use it.
    await page.bringToFront();
    await waitForText(page, DEMO_NAME, options.section('accountsHeading'));
    return Promise.all((await options.accountEntries()).map((entry) => entry.evaluate(shownLines)));
  });
  if (print)
    for (const [name, ...lines] of entries)
      printLines(`The Settings page lists the account "${name}":`, lines);
  await run.step(`save the Settings page's screenshots (${locale})`, () =>
    screenshots(firefox, page, (scheme) =>
      page.screenshot({
        path: demoFile(`firefox-options-accounts-${scheme}-${locale}.png`),
        fullPage: true,
      }),
    ),
  );

  await run.step("go to the Settings page's activity log", () =>
    options.showSection('activityHeading'),
  );
  const log = await run.step('show the activity log in the Settings page', async () => {
    // The page follows the stored log: the month's summary once it has read it.
    const summaryPattern = messagePatterns(locale)('activitySummaryDays');
    const shown = await waitForText(page, summaryPattern, options.activityLog(DEMO_NAME));
    const summary = shown.split('\n').find((line) => summaryPattern.test(line))!;
    const table = (await page.waitForSelector(options.activityLog(DEMO_NAME)))!;
    const rows = await Promise.all(
      (await table.$$('::-p-aria([role="row"])'))
        .slice(1, 6)
        .map((row) => row.evaluate((r) => (r as HTMLElement).innerText)),
    );
    return [summary, ...rows.map((row) => row.replace(/\s+/g, ' '))];
  });
  if (print) printLines(`The Settings page's activity log of "${DEMO_NAME}":`, log);
  await run.step(`save the activity log's screenshots (${locale})`, () =>
    screenshots(firefox, page, (scheme) =>
      page.screenshot({
        path: demoFile(`firefox-options-activity-${scheme}-${locale}.png`),
        fullPage: true,
      }),
    ),
  );
  await run.step(`close Firefox (${locale})`, () => run.close(firefox));
}

/** Takes a page's screenshots in light and dark (Firefox has no media emulation: a pref sets it). */
async function screenshots(
  firefox: FirefoxSession,
  page: Popup['page'],
  take: (scheme: 'light' | 'dark') => Promise<unknown>,
) {
  for (const scheme of ['light', 'dark'] as const) {
    await firefox.setColorScheme(scheme);
    await waitUntil(
      page,
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      {},
      scheme === 'dark',
    );
    await take(scheme);
  }
}
