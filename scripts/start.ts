// `npm start`: the extension in Chromium (or, with `--browser firefox`, `npm run start:firefox`,
// in Firefox) against the bundled service simulator, already set up with a demo account and a
// month of use. With a display: a normal browser window until you close it. Without one (a
// server, CI): headless; prints what the popup, the badge and the Settings page show, saves
// screenshots (light and dark, English and Japanese) and exits. Each step is named: one that
// fails says so in one line and exits 1. The browsers' own ways are testbed/demo/*-demo.ts.
import { chromiumDemo } from '../testbed/demo/chromium-demo';
import { firefoxDemo } from '../testbed/demo/firefox-demo';
import type { DemoSession, Locale } from '../testbed/demo/demo-browser';
import {
  DEMO_NAME,
  DemoRun,
  demoFile,
  noDisplay,
  printBadge,
  printLines,
} from '../testbed/demo/demo-run';
import { demoAccount, startSimulator } from '../testbed/simulator/simulator';

const browserFlag = process.argv.indexOf('--browser');
const browserName = browserFlag < 0 ? 'chromium' : process.argv[browserFlag + 1];
const demo =
  browserName === 'firefox'
    ? firefoxDemo
    : browserName === 'chromium' || browserName === 'chrome'
      ? chromiumDemo
      : undefined;
if (!demo) {
  console.error(
    `npm start: choose the browser failed: unknown browser "${browserName}" (use --browser chromium or --browser firefox)`,
  );
  process.exit(1);
}

const run = new DemoRun(demo === firefoxDemo ? 'npm run start:firefox' : 'npm start');
await run.step(`find ${demo.name}`, () => demo.find());
console.log(
  `Building the ${demo === firefoxDemo ? 'Firefox ' : ''}simulator build of the extension…`,
);
await run.build(demo.buildArgs);
const account = demoAccount();
const sim = run.closeLater(
  await run.step('start the service simulator', () => startSimulator({ accounts: [account] })),
  (s) => s.close(),
);
console.log(`Service simulator: API ${sim.apiUrl}, node ${sim.nodeUrl}`);

if (!noDisplay()) {
  const session = await demo.launch(run, sim, account, 'en', false);
  console.log(demo.openMessage);
  await session.closed();
} else {
  console.log(`\nNo display: ran ${demo.name} headless.`);
  for (const locale of ['en', 'ja'] as const)
    await headlessDemo(await demo.launch(run, sim, account, locale, true), locale);
  const p = demo.prefix;
  console.log(
    `Screenshots: ${demoFile('')}${p}popup-*.png, ${p}options-accounts-*.png, ${p}options-activity-*.png (light and dark, en and ja)`,
  );
}
await run.stop();
process.exit(0);

/** The demo without a display in one language: prints what the pages show (English) and saves their screenshots. */
async function headlessDemo(session: DemoSession, locale: Locale) {
  const print = locale === 'en';
  const card = await run.step('read the popup', () => session.popupCard());
  const sparkline = await run.step("read the popup's sparkline", () => session.sparkline());
  if (print) {
    printLines('The popup shows:', [...card, `Sparkline: ${sparkline}`]);
    printBadge(await run.step('read the badge', () => session.badge()));
  }
  await screenshots(session, 'popup', `popup`, locale);

  const entries = await run.step("show the Settings page's account list", () =>
    session.settingsAccounts(),
  );
  if (print)
    for (const [name, ...lines] of entries)
      printLines(`The Settings page lists the account "${name}":`, lines);
  await screenshots(session, 'settings', 'options-accounts', locale);

  const log = await run.step('show the activity log in the Settings page', () =>
    session.activityLog(),
  );
  if (print) printLines(`The Settings page's activity log of "${DEMO_NAME}":`, log);
  await screenshots(session, 'settings', 'options-activity', locale);
  await run.step(`close ${demo!.name} (${locale})`, () => session.close());
}

/** Saves a page's screenshots in light and dark, as `<prefix><name>-<scheme>-<locale>.png`. */
async function screenshots(
  session: DemoSession,
  page: 'popup' | 'settings',
  name: string,
  locale: Locale,
) {
  const what =
    page === 'popup'
      ? "the popup's"
      : name.endsWith('activity')
        ? "the activity log's"
        : "the Settings page's";
  await run.step(`save ${what} screenshots (${locale})`, async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await session.colorScheme(page, scheme);
      await session.screenshot(page, demoFile(`${demo!.prefix}${name}-${scheme}-${locale}.png`));
    }
  });
}
