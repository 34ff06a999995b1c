import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension } from '../../testbed/browsers/chromium';
import { messages, SettingsPage, Popup } from '../../testbed/browsers/chromium-pages';
import type { AccountSnapshot } from '../../lib/store/account-state';
import { QUIET_SETTINGS } from '../../testbed/browsers/page-states/state';

// Issue 27, item 1, in real Chromium: a sign-in made while the worker's clock ran a year ahead,
// the clock then set right. The popup and the Settings page tell it as past ("just now"), never
// "in 365 days"; screenshots of the card in that state, light and dark.
const YEAR_MS = 365 * 86_400_000;
const DIR = 'artifacts/screenshots';
let sim: Simulator;
const personal = demoAccount({
  userId: 'personal',
  password: 'personal-pw',
  apiKey: 'personal-key',
});

beforeAll(async () => {
  sim = await startSimulator({ accounts: [personal] });
  mkdirSync(DIR, { recursive: true });
});
afterAll(() => sim?.close());

describe.each(['en', 'ja'] as const)('a sign-in dated a year ahead (%s)', (locale) => {
  it(
    'reads "just now" on the card and in the Settings page\'s list',
    { timeout: 120_000 },
    async () => {
      const t = messages(locale);
      const words = (key: string, value: string) => t(key).replace('$1', value);
      const browser = await launchExtension({ locale });
      try {
        // Quiet schedules (a week and a day, 14 and 2 minutes here): only Check now signs in while the test reads.
        await browser.storeSettings(QUIET_SETTINGS);
        await browser.storeAccounts([
          storedAccount(sim, personal, { id: 'personal', label: 'Personal' }),
        ]);
        const first = await browser.checkedSnapshot('personal');

        // The worker's clock runs a year ahead; Check now signs in (nothing holds it: the last check is "a year ago").
        await browser.currentWorker().evaluate((offset) => {
          const real = Date.now;
          Object.assign(globalThis, { realDateNow: real });
          Date.now = () => real() + offset;
        }, YEAR_MS);
        const before = new Popup(await browser.open('popup'), locale);
        await before.checkNow();
        const snapshot = async () =>
          ((await browser.storage()).snapshots as Record<string, AccountSnapshot>).personal!;
        await expect
          .poll(
            async () =>
              (await snapshot()).keepAlive.lastSuccessAt! - first.keepAlive.lastSuccessAt!,
            { timeout: 20_000 },
          )
          .toBeGreaterThan(YEAR_MS / 2);
        await before.page.close();
        // The clock set right again.
        await browser.currentWorker().evaluate(() => {
          Date.now = (globalThis as unknown as { realDateNow: () => number }).realDateNow;
        });

        const popup = new Popup(await browser.open('popup'), locale);
        const card = popup.card('Personal');
        const lastSignIn = card.getByText(t('lastSignIn').split('$1')[0]!);
        await expect
          .poll(() => lastSignIn.textContent(), { timeout: 10_000 })
          .toBe(words('lastSignIn', t('justNow')));
        expect(await card.getByText(t('checkedAgo').split('$1')[0]!).textContent()).toBe(
          words('checkedAgo', t('justNow')),
        );
        for (const scheme of ['light', 'dark'] as const) {
          await popup.page.emulateMedia({ colorScheme: scheme });
          await card.screenshot({ path: join(DIR, `clock-ahead-card-${scheme}-${locale}.png`) });
        }

        const options = new SettingsPage(await browser.open('options'), locale);
        const entry = options.page.getByRole('listitem').filter({ hasText: 'Personal' });
        expect(await entry.getByText(t('lastSignIn').split('$1')[0]!).textContent()).toBe(
          words('lastSignIn', t('justNow')),
        );
        // What was read is the state meant: the sign-in is still dated a year ahead (no check has run since).
        expect((await snapshot()).keepAlive.lastSuccessAt! - Date.now()).toBeGreaterThan(
          YEAR_MS / 2,
        );
      } finally {
        await browser.close();
      }
    },
  );
});
