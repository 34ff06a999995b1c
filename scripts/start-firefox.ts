// `npm start -- --browser firefox` (or `npm run start:firefox`): the demo of scripts/start.ts in
// Firefox. With a display: a normal Firefox window with the add-on, set up through its options
// page, and its popup in a tab, until you close it. Without one: headless; prints what the
// extension shows, saves screenshots, and exits.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { findFirefox, FIREFOX_SIMULATOR_BUILD, launchFirefox, NO_FIREFOX_HELP } from './browsers/firefox';
import { OptionsPage, Popup, waitForText } from './browsers/firefox-pages';
import { demoAccount, startSimulator } from './simulator/simulator';
import { monthOfUse } from './demo-usage';
import type { Account } from '../lib/store/accounts';

/** Runs the Firefox demo, then exits the process. */
export async function startFirefox(): Promise<never> {
  if (!findFirefox()) {
    console.error(NO_FIREFOX_HELP);
    process.exit(1);
  }
  console.log('Building the Firefox simulator build of the extension…');
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'simulator'], { stdio: ['ignore', 'ignore', 'inherit'] });

  const account = demoAccount();
  const sim = await startSimulator({ accounts: [account] });
  console.log(`Service simulator: API ${sim.apiUrl}, node ${sim.nodeUrl}`);

  const headless = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  const firefox = await launchFirefox({ install: { dir: FIREFOX_SIMULATOR_BUILD }, headless });
  const options = new OptionsPage(await firefox.open('options'));
  await options.addAccount({ baseUrl: sim.apiUrl, userId: account.userId, password: account.password, apiKey: account.apiKey, label: 'Demo account' });
  // A month of use behind it, as the background would have stored it (in place of its first check's).
  const [stored] = (await firefox.storage()).accounts as Account[];
  const month = monthOfUse(stored!, account.used, account.quota);
  await firefox.storeItems({ history: month.history, history$: { v: 1 }, activity: month.activity, activity$: { v: 1 } });
  const popup = new Popup(await firefox.open('popup'));
  const card = await waitForText(popup.page, / of .* used/, popup.card('Demo account'));

  if (!headless) {
    console.log('Firefox is open with Storage Keeper, its options page and its popup (in tabs). Close Firefox (or press Ctrl-C) to stop.');
    await new Promise((resolve) => firefox.browser.once('disconnected', resolve));
  }
  if (headless) {
    const badge = await firefox.badge();
    console.log('\nNo display: ran Firefox headless. The popup shows:');
    for (const line of card.split('\n').filter((l) => l && l !== 'Copy')) console.log(`  ${line}`);
    console.log(`Toolbar badge: "${badge.text}" — ${badge.title.split('\n').slice(1).join('; ')}`);
    mkdirSync('artifacts/demo', { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await firefox.setColorScheme(scheme);
      await popup.page.waitForFunction((dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark, {}, scheme === 'dark');
      await (await popup.page.$('body'))!.screenshot({ path: `artifacts/demo/firefox-popup-${scheme}.png` });
    }
    // The options page follows the stored log: it shows the month now.
    console.log(`Activity log: ${await waitForText(options.page, /Days with a successful sign-in/, '.activity__summary')}`);
    await options.page.screenshot({ path: 'artifacts/demo/firefox-options.png', fullPage: true });
    console.log('Screenshots: artifacts/demo/firefox-popup-light.png, firefox-popup-dark.png, firefox-options.png');
  }
  await firefox.close();
  await sim.close();
  process.exit(0);
}
