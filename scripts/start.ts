// `npm start`: the extension in Chromium against the bundled service simulator, already set up
// with a demo account and a month of use. With a display: a normal browser window until you
// close it. Without one (a server, CI): headless; prints what the popup, the badge and the
// Settings page show, saves screenshots (light and dark, English and Japanese) and exits.
// Each step is named: one that fails says so in one line and exits 1.
import {
  findChromium,
  launchExtension,
  NO_CHROMIUM_HELP,
  SIMULATOR_BUILD,
  type ExtensionSession,
} from '../testbed/browsers/chromium';
import { messagePatterns, OptionsPage, Popup } from '../testbed/browsers/chromium-pages';
import {
  DEMO_NAME,
  DemoRun,
  demoFile,
  noDisplay,
  printBadge,
  printLines,
  shownLines,
} from '../testbed/demo/demo-run';
import { demoAccount, startSimulator, type Simulator } from '../testbed/simulator/simulator';
import { storedAccount } from '../testbed/simulator/stored-account';
import { monthOfUse } from '../testbed/demo/demo-usage';

// `--browser firefox`: the same demo in Firefox.
const browserFlag = process.argv.indexOf('--browser');
const browserName = browserFlag < 0 ? 'chromium' : process.argv[browserFlag + 1];
if (browserName === 'firefox') await (await import('../testbed/demo/firefox-demo')).startFirefox();
else if (browserName !== 'chromium' && browserName !== 'chrome') {
  console.error(
    `npm start: choose the browser failed: unknown browser "${browserName}" (use --browser chromium or --browser firefox)`,
  );
  process.exit(1);
}

const run = new DemoRun('npm start');
await run.step('find Chromium', () => {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
});
console.log('Building the simulator build of the extension…');
await run.build(['--mode', 'simulator']);
const account = demoAccount();
const sim = run.closeLater(
  await run.step('start the service simulator', () => startSimulator({ accounts: [account] })),
  (s) => s.close(),
);
console.log(`Service simulator: API ${sim.apiUrl}, node ${sim.nodeUrl}`);

const headless = noDisplay();
if (!headless) {
  const { browser, popup } = await showPopup(sim, 'en', false);
  await run.step('show the popup', () => popup.page.bringToFront());
  console.log(
    'Chromium is open with Storage Keeper and its popup. Close the browser (or press Ctrl-C) to stop.',
  );
  await new Promise((resolve) => browser.context.on('close', resolve));
} else {
  console.log('\nNo display: ran headless.');
  for (const locale of ['en', 'ja'] as const) await headlessDemo(locale);
  console.log(
    `Screenshots: ${demoFile('')}popup-*.png, options-accounts-*.png, options-activity-*.png (light and dark, en and ja)`,
  );
}
await run.stop();
process.exit(0);

/** Chromium in this language with the demo account and its month stored, its popup showing the usage. */
async function showPopup(sim: Simulator, locale: 'en' | 'ja', headless: boolean) {
  const browser = run.closeLater(
    await run.step(`launch Chromium (${locale})`, () =>
      launchExtension({ extensionDir: SIMULATOR_BUILD, headless, locale }),
    ),
    (b) => b.close(),
  );
  await run.step('store the demo account and its month of use', async () => {
    // The account as the options page would save it, with a month of use behind it.
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
    return popup;
  });
  return { browser, popup };
}

/** The demo without a display in one language: prints what the pages show (English) and saves their screenshots. */
async function headlessDemo(locale: 'en' | 'ja') {
  const print = locale === 'en';
  const { browser, popup } = await showPopup(sim, locale, true);
  if (print) await printPopup(browser, popup);
  await run.step(`save the popup's screenshots (${locale})`, () =>
    screenshots(popup.page, (scheme) =>
      popup.page.locator('body').screenshot({ path: demoFile(`popup-${scheme}-${locale}.png`) }),
    ),
  );

  const options = new OptionsPage(
    await run.step('open the Settings page', () => browser.open('options')),
    locale,
  );
  const entries = await run.step("show the Settings page's account list", async () => {
    await options.accountEntries().filter({ hasText: DEMO_NAME }).waitFor();
    return Promise.all(
      (await options.accountEntries().all()).map((entry) => entry.evaluate(shownLines)),
    );
  });
  if (print)
    for (const [name, ...lines] of entries)
      printLines(`The Settings page lists the account "${name}":`, lines);
  await run.step(`save the Settings page's screenshots (${locale})`, () =>
    screenshots(options.page, (scheme) =>
      options.page.screenshot({
        path: demoFile(`options-accounts-${scheme}-${locale}.png`),
        fullPage: true,
      }),
    ),
  );

  const log = options.activityLog(DEMO_NAME);
  const rows = await run.step('show the activity log in the Settings page', async () => {
    await options.showSection('activityHeading');
    const summary = await log.getByText(messagePatterns(locale)('activitySummaryDays')).innerText();
    // The newest five entries, below the table's header row.
    const rows = (await log.getByRole('row').allInnerTexts()).slice(1, 6);
    return [summary, ...rows.map((row) => row.replace(/\s+/g, ' '))];
  });
  if (print) printLines(`The Settings page's activity log of "${DEMO_NAME}":`, rows);
  await run.step(`save the activity log's screenshots (${locale})`, () =>
    screenshots(options.page, (scheme) =>
      options.page.screenshot({
        path: demoFile(`options-activity-${scheme}-${locale}.png`),
        fullPage: true,
      }),
    ),
  );
  await run.step(`close Chromium (${locale})`, () => run.close(browser));
}

/** What the popup's card and the toolbar badge show, printed. */
async function printPopup(browser: ExtensionSession, popup: Popup) {
  const card = await run.step('read the popup', () => popup.card(DEMO_NAME).evaluate(shownLines));
  const sparkline = await run.step("read the popup's sparkline", () =>
    popup.sparkline(DEMO_NAME).getAttribute('aria-label'),
  );
  printLines('The popup shows:', [...card, `Sparkline: ${sparkline}`]);
  printBadge(await run.step('read the badge', () => browser.badge()));
}

/** Takes a page's screenshots in light and dark. */
async function screenshots(
  page: Popup['page'],
  take: (scheme: 'light' | 'dark') => Promise<unknown>,
) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await take(scheme);
  }
}
