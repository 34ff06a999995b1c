// `npm start`: the extension in Chromium against the bundled service simulator, already set up
// with a demo account. With a display: a normal browser window until you close it. Without one
// (a server, CI): headless; prints what the extension shows, saves screenshots, and exits.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { findChromium, launchExtension, NO_CHROMIUM_HELP, SIMULATOR_BUILD } from './browsers/chromium';
import { Popup } from './browsers/chromium-pages';
import { demoAccount, startSimulator } from './simulator/simulator';
import { storedAccount } from './simulator/stored-account';
import { monthOfUse } from './demo-usage';

// `--browser firefox`: the same demo in Firefox.
const browserFlag = process.argv.indexOf('--browser');
const browserName = browserFlag < 0 ? 'chromium' : process.argv[browserFlag + 1];
if (browserName === 'firefox') await (await import('./start-firefox')).startFirefox();
else if (browserName !== 'chromium' && browserName !== 'chrome') {
  console.error(`Unknown browser "${browserName}": use --browser chromium or --browser firefox.`);
  process.exit(1);
}

if (!findChromium()) {
  console.error(NO_CHROMIUM_HELP);
  process.exit(1);
}

console.log('Building the simulator build of the extension…');
execFileSync('npx', ['wxt', 'build', '--mode', 'simulator'], { stdio: ['ignore', 'ignore', 'inherit'] });

const account = demoAccount();
const sim = await startSimulator({ accounts: [account] });
console.log(`Service simulator: API ${sim.apiUrl}, node ${sim.nodeUrl}`);

const headless = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const browser = await launchExtension({ extensionDir: SIMULATOR_BUILD, headless });

// The account as the options page would save it, with a month of use behind it.
const stored = storedAccount(sim, account, { id: 'demo', label: 'Demo account' });
const month = monthOfUse(stored, account.used, account.quota);
await browser.storeHistory(month.history);
await browser.storeActivity(month.activity);
await browser.storeAccounts([stored]);
const popup = new Popup(await browser.open('popup'));
await popup.card('Demo account').getByText(/ of .* used/).waitFor();

if (!headless) {
  console.log('Chromium is open with Storage Keeper and its popup. Close the browser (or press Ctrl-C) to stop.');
  await new Promise((resolve) => browser.context.on('close', resolve));
} else {
  const card = popup.card('Demo account');
  const badge = await browser.badge();
  console.log('\nNo display: ran headless. The popup shows:');
  for (const line of (await card.innerText()).split('\n').filter((l) => l && l !== 'Copy')) console.log(`  ${line}`);
  console.log(`Toolbar badge: "${badge.text}" — ${badge.title.split('\n').slice(1).join('; ')}`);
  mkdirSync('artifacts/demo', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await popup.page.emulateMedia({ colorScheme: scheme });
    await popup.page.locator('body').screenshot({ path: `artifacts/demo/popup-${scheme}.png` });
  }
  const options = await browser.open('options');
  await options.getByRole('button', { name: 'Add account' }).waitFor();
  const activity = options.getByRole('article', { name: 'Demo account' });
  await activity.getByRole('table').waitFor();
  console.log(`Activity log: ${await activity.locator('.activity__summary').innerText()}`);
  for (const row of (await activity.getByRole('row').allInnerTexts()).slice(1, 6)) console.log(`  ${row.replace(/\s+/g, ' ')}`);
  await options.screenshot({ path: 'artifacts/demo/options.png', fullPage: true });
  await activity.screenshot({ path: 'artifacts/demo/options-activity.png' });
  console.log('Screenshots: artifacts/demo/popup-light.png, popup-dark.png, options.png, options-activity.png');
}
await browser.close();
await sim.close();
process.exit(0);
