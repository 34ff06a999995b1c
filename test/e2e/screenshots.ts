import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Account } from '@/lib/accounts';
import { demoAccount, type Simulator } from '../simulator/simulator';
import { storedAccount } from '../simulator/stored-account';
import type { ExtensionSession } from './browser';
import { Popup } from './pages';

const GB = 1024 ** 3;

/** The simulated accounts behind the screenshots: one calm, one nearly full, one broken. */
export function screenshotAccounts(now = Date.now()) {
  return [
    demoAccount({}, now),
    demoAccount({ userId: 'photos', password: 'pw-photos', apiKey: 'key-photos', quota: 20 * GB, used: Math.round(19.3 * GB), bonus: undefined }, now),
    demoAccount({ userId: 'archive', password: 'pw-archive', apiKey: 'key-archive', quota: 100 * GB, used: 31 * GB }, now),
  ];
}

const stored = (sim: Simulator, userId: string, label: string, password?: string) =>
  storedAccount(sim, sim.account(userId), { label, ...(password && { password }) });

/** Stores these accounts (as the options page would) and refreshes them from the popup. */
async function show(browser: ExtensionSession, accounts: Account[], locale: string) {
  await browser.storeAccounts(accounts, { clear: true });
  const popup = new Popup(await browser.open('popup'), locale);
  await popup.page.getByRole('article').first().waitFor();
  await popup.refresh();
  await popup.page.waitForTimeout(300);
  return popup.page;
}

/**
 * Screenshots of every popup state and the options page, light and dark, into `dir`.
 * Returns the files written.
 */
export async function captureScreenshots(browser: ExtensionSession, sim: Simulator, dir: string, locale: string) {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const states: [string, Account[]][] = [
    ['one-account', [stored(sim, 'demo-user', 'Personal')]],
    ['near-full', [stored(sim, 'photos', 'Photos')]],
    ['failure', [stored(sim, 'archive', 'Archive')]],
    ['several', [stored(sim, 'demo-user', 'Personal'), stored(sim, 'photos', 'Photos'), stored(sim, 'archive', 'Archive', 'old-password')]],
  ];
  for (const [state, accounts] of states) {
    const page = await show(browser, accounts, locale);
    if (state === 'failure') {
      // Good figures first, then the password is renewed on the website: stale figures and the fix.
      sim.account('archive').password = 'renewed';
      await new Popup(page, locale).refresh();
      await page.getByRole('alert').waitFor();
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const file = join(dir, `popup-${state}-${scheme}-${locale}.png`);
      await page.locator('body').screenshot({ path: file });
      files.push(file);
    }
    if (state === 'failure') sim.account('archive').password = 'pw-archive';
    await page.close();
  }
  const options = await browser.open('options');
  await options.getByRole('button').first().waitFor();
  for (const scheme of ['light', 'dark'] as const) {
    await options.emulateMedia({ colorScheme: scheme });
    const file = join(dir, `options-${scheme}-${locale}.png`);
    await options.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await options.close();
  return files;
}
