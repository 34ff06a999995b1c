// `npm run store`: the images the stores ask for, made from the real pages of the simulator build
// against the bundled service simulator, in English and Japanese: three 1280×800 screenshots, the
// 440×280 promo tile, the 1400×560 marquee, and two toolbar strips to judge the icon by. Written to
// artifacts/store/ (or the folder given with --out); every file's size is checked before it ends.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtByCi } from '../.ci/built';
import { chromium, type Browser } from 'playwright-core';
import {
  findChromium,
  launchExtension,
  NO_CHROMIUM_HELP,
  SIMULATOR_BUILD,
} from '../testbed/browsers/chromium';
import { messages, Popup } from '../testbed/browsers/chromium-pages';
import { demoAccount, startSimulator, type Simulator } from '../testbed/simulator/simulator';
import { storedAccount } from '../testbed/simulator/stored-account';
import {
  listing,
  MARQUEE,
  pngSize,
  PROMO_TILE,
  SCREENSHOT,
  STORE_DIR,
  STORE_LOCALES,
  storeAssets,
  TOOLBAR,
  type StoreLocale,
} from '../testbed/store-images/assets';
import { storeFrame, toolbarStrip } from '../testbed/store-images/frames';
import { accountIdentity, type Account } from '../lib/store/accounts';
import { packPoints, type HistoryPoint } from '../lib/store/history';
import { formatPercent } from '../lib/i18n/format';
import { GIB as GB } from '../lib/basics/bytes';

const DAY_MS = 86_400_000;
const outFlag = process.argv.indexOf('--out');
const OUT = resolve(outFlag < 0 ? STORE_DIR : process.argv[outFlag + 1]!);

/** The accounts on screen: a calm one, a critically full one, a roomy one (a 100 GB contract, no bonus: quota = contract + bonus). */
const ACCOUNTS = [
  { sim: demoAccount(), label: 'Personal', growth: 0.06 },
  {
    sim: demoAccount({
      userId: 'photos',
      password: 'pw-photos',
      apiKey: 'key-photos',
      quota: 20 * GB,
      used: Math.round(19.3 * GB),
      bonus: undefined,
    }),
    label: 'Photos',
    growth: 0.1,
  },
  {
    sim: demoAccount({
      userId: 'archive',
      password: 'pw-archive',
      apiKey: 'key-archive',
      capacityGb: 100,
      quota: 100 * GB,
      used: 31 * GB,
      bonus: undefined,
    }),
    label: 'Archive',
    growth: 0.15,
  },
];

/** Sixty days of readings ending at the account's usage today, as the background stores them. */
function history(account: Account, used: number, quota: number, growthGb: number) {
  const now = Date.now();
  const today = Math.floor((now - new Date(now).getTimezoneOffset() * 60_000) / DAY_MS);
  const points = Array.from({ length: 60 }, (_, i): HistoryPoint => {
    const daysAgo = 59 - i;
    return [
      today - daysAgo,
      Math.max(0, Math.round(used - daysAgo * growthGb * GB + Math.sin(i) * 0.05 * GB)),
      quota,
    ];
  });
  return { [account.id]: { identity: accountIdentity(account), points: packPoints(points) } };
}

/** The popup, the Settings page and the state that notifies, in one locale: PNG buffers of the real pages. */
async function realPages(sim: Simulator, locale: StoreLocale) {
  const session = await launchExtension({ extensionDir: SIMULATOR_BUILD, locale });
  try {
    const accounts = ACCOUNTS.map((a) =>
      storedAccount(sim, sim.account(a.sim.userId), { label: a.label }),
    );
    await session.storeHistory(
      Object.assign(
        {},
        ...ACCOUNTS.map((a, i) => history(accounts[i]!, a.sim.used, a.sim.quota, a.growth)),
      ) as Record<string, unknown>,
    );
    await session.storeAccounts(accounts);
    const popup = new Popup(await session.open('popup'), locale);
    await popup.page.getByRole('article').first().waitFor();
    await popup.checkNow();
    await popup.page
      .locator('.trend__line')
      .nth(ACCOUNTS.length - 1)
      .waitFor();
    // The critically full account really notifies: its notice is there before the image shows one.
    await session.currentWorker().evaluate(async () => {
      while (!(await chrome.notifications.getAll())['usage:id-photos'])
        await new Promise((r) => setTimeout(r, 50));
    });
    const popupPng = await popup.page.locator('body').screenshot();
    // Below each card, with the popup's own padding (12 px): where the image may end the popup.
    const popupCuts = await popup.page
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().bottom + 12)),
      );
    const options = await session.open('options', 'history');
    await options.setViewportSize(SCREENSHOT);
    await options.getByText(messages(locale)('historyHeading')).first().waitFor();
    await options
      .locator('.usage__figures')
      .first()
      .waitFor()
      .catch(() => undefined);
    const optionsPng = await options.screenshot();
    return { popupPng, popupCuts, optionsPng };
  } finally {
    await session.close();
  }
}

/** The words of the notice the critically full account gets, as the extension words it. */
function usageNotice(locale: StoreLocale) {
  const t = messages(locale);
  const photos = ACCOUNTS[1]!;
  const percent = formatPercent((photos.sim.used / photos.sim.quota) * 100, locale);
  return {
    title: t('noticeUsageCriticalTitle').replace('$1', photos.label),
    message: t('noticeUsageMessage').replace('$1', percent),
  };
}

async function main() {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  // The default folder starts empty, so it holds exactly this run's images (a folder given with --out is left as it is).
  if (outFlag < 0) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // Inside npm test the simulator build is made once for every suite (.ci/builds.ts).
  if (!builtByCi()) {
    console.log('Building the simulator build of the extension…');
    execFileSync('npx', ['wxt', 'build', '--mode', 'simulator'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const icon = `data:image/svg+xml;base64,${readFileSync('assets/icon.svg').toString('base64')}`;
  const sim = await startSimulator({ accounts: ACCOUNTS.map((a) => a.sim) });
  // Images are laid out in a browser of their own, without the extension, at exact sizes.
  const browser: Browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const locale of STORE_LOCALES) {
      const { popupPng, popupCuts, optionsPng } = await realPages(sim, locale);
      const { short, captions } = listing(locale);
      const t = messages(locale);
      const frame = (
        file: string,
        size: { width: number; height: number },
        kind: Parameters<typeof storeFrame>[0]['kind'],
        caption: string,
      ) =>
        storeFrame({
          browser,
          locale,
          size,
          kind,
          caption,
          icon,
          name: t('extName'),
          popup: popupPng,
          popupCuts,
          notice: usageNotice(locale),
          path: join(OUT, file),
        });
      await frame(`screenshot-popup-${locale}.png`, SCREENSHOT, 'popup', captions.popup!);
      // The Settings page is shown as it is, at the screenshot's size.
      writeFileSync(join(OUT, `screenshot-options-${locale}.png`), optionsPng);
      await frame(
        `screenshot-notification-${locale}.png`,
        SCREENSHOT,
        'notification',
        captions.notification!,
      );
      await frame(`promo-tile-${locale}.png`, PROMO_TILE, 'tile', short);
      await frame(`marquee-${locale}.png`, MARQUEE, 'marquee', captions.marquee!);
    }
    const icons = {
      16: join(SIMULATOR_BUILD, 'icons/16.png'),
      32: join(SIMULATOR_BUILD, 'icons/32.png'),
    };
    await toolbarStrip({
      browser,
      icons,
      size: TOOLBAR,
      scale: 1,
      path: join(OUT, 'toolbar-1x.png'),
    });
    await toolbarStrip({
      browser,
      icons,
      size: TOOLBAR,
      scale: 2,
      path: join(OUT, 'toolbar-2x.png'),
    });
  } finally {
    await browser.close();
    await sim.close();
  }
  const wrong = storeAssets().filter(({ file, width, height }) => {
    const size = pngSize(join(OUT, file));
    return size.width !== width || size.height !== height;
  });
  if (wrong.length > 0) throw new Error(`Wrong sizes: ${wrong.map((w) => w.file).join(', ')}`);
  console.log(
    `Written to ${OUT}:\n${storeAssets()
      .map((a) => `  ${a.file} (${a.width}×${a.height})`)
      .join('\n')}`,
  );
}

await main();
process.exit(0);
