// `npm run picture`: the README's pictures, made from the real pages of the simulator build in
// Chromium against the bundled service simulator (never drawn by hand): the popup with two
// accounts after a month of use, and the Settings page's activity log. Written to docs/images/
// (or the folder given with --out).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { builtByCi } from '../.ci/built';
import { join, resolve } from 'node:path';
import {
  findChromium,
  launchExtension,
  NO_CHROMIUM_HELP,
  SIMULATOR_BUILD,
} from '../testbed/browsers/chromium';
import { messages, Popup } from '../testbed/browsers/chromium-pages';
import { demoAccount, startSimulator } from '../testbed/simulator/simulator';
import { storedAccount } from '../testbed/simulator/stored-account';
import { monthOfUse } from '../testbed/demo/demo-usage';
import { GIB as GB } from '../lib/basics/bytes';

const outFlag = process.argv.indexOf('--out');
const OUT = resolve(outFlag < 0 ? 'docs/images' : process.argv[outFlag + 1]!);

/** A calm account and one nearly full (92 %: past the default warning level of 90 %, under the critical 95 %). */
const ACCOUNTS = [
  { sim: demoAccount(), label: 'Personal' },
  {
    sim: demoAccount({
      userId: 'photos',
      password: 'pw-photos',
      apiKey: 'key-photos',
      quota: 20 * GB,
      used: Math.round(18.4 * GB),
      bonus: undefined,
    }),
    label: 'Photos',
  },
];

if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
mkdirSync(OUT, { recursive: true });
// Inside npm test the simulator build is made once for every suite (.ci/builds.ts).
if (!builtByCi()) {
  console.log('Building the simulator build of the extension…');
  execFileSync('npx', ['wxt', 'build', '--mode', 'simulator'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const sim = await startSimulator({ accounts: ACCOUNTS.map((a) => a.sim) });
const session = await launchExtension({ extensionDir: SIMULATOR_BUILD });
try {
  const stored = ACCOUNTS.map((a) =>
    storedAccount(sim, sim.account(a.sim.userId), { label: a.label }),
  );
  const months = stored.map((account, i) =>
    monthOfUse(account, ACCOUNTS[i]!.sim.used, ACCOUNTS[i]!.sim.quota),
  );
  await session.storeHistory(
    Object.assign({}, ...months.map((m) => m.history)) as Record<string, unknown>,
  );
  await session.storeActivity(
    Object.assign({}, ...months.map((m) => m.activity)) as Record<string, unknown>,
  );
  await session.storeAccounts(stored);

  const popup = new Popup(await session.open('popup'));
  // Each card has its figures (the background's first check) and its month of history drawn.
  for (const { label } of ACCOUNTS)
    await popup
      .card(label)
      .getByText(/ of .* used/)
      .waitFor();
  await popup.page
    .locator('.trend__line')
    .nth(ACCOUNTS.length - 1)
    .waitFor();
  await popup.page.locator('body').screenshot({ path: join(OUT, 'popup.png') });

  const settings = await session.open('options', 'activity');
  await settings.setViewportSize({ width: 900, height: 700 });
  await settings
    .getByRole('heading', { name: messages('en')('activityHeading') })
    .first()
    .waitFor();
  await settings.getByRole('article', { name: 'Personal' }).getByRole('table').waitFor();
  await settings.screenshot({ path: join(OUT, 'settings.png') });
  console.log(`Written: ${join(OUT, 'popup.png')}, ${join(OUT, 'settings.png')}`);
} finally {
  await session.close();
  await sim.close();
}
process.exit(0);
