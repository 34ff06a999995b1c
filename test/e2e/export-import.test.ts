import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension } from '../../testbed/browsers/chromium';
import { QUIET_SETTINGS } from '../../testbed/browsers/page-states/state';
import { catalogue } from '../../testbed/catalogue';
import type { AccountSnapshot } from '../../lib/store/account-state';
import { GIB as GB } from '../../lib/basics/bytes';
import { SettingsPage, Popup } from '../../testbed/browsers/chromium-pages';

// Settings you can take with you, as a user moves them: exported from one browser profile
// (secrets left out by default), imported into a fresh one, where the accounts wait for their
// apps password and API key and send nothing until they are entered.

let sim: Simulator;
const home = demoAccount({ userId: 'home-user', password: 'home-pw', apiKey: 'home-key' });
const work = demoAccount({
  userId: 'work-user',
  password: 'work-pw',
  apiKey: 'work-key',
  used: 3 * GB,
});
const file = join(mkdtempSync(join(tmpdir(), 'sk-export-')), 'settings.json');

beforeAll(async () => {
  sim = await startSimulator({ accounts: [home, work] });
});
afterAll(() => sim?.close());

describe('export and import in Chromium', () => {
  it('exports accounts and settings to a file, without passwords and API keys unless ticked', async () => {
    const browser = await launchExtension();
    try {
      await browser.storeSettings({ ...QUIET_SETTINGS, warningPercent: 80 });
      await browser.storeAccounts([
        storedAccount(sim, home, { label: 'Home' }),
        storedAccount(sim, work, { label: 'Work', keyForm: 'matrix' }),
      ]);
      const options = new SettingsPage(await browser.open('options'));
      await options.page.getByText('Work', { exact: true }).first().waitFor();
      await options.showSection('transferHeading');
      expect(await options.page.getByLabel('Include passwords and API keys').isChecked()).toBe(
        false,
      );
      const [download] = await Promise.all([
        options.page.waitForEvent('download'),
        options.page.getByRole('button', { name: 'Export accounts and settings' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^storage-keeper-settings-\d{4}-\d{2}-\d{2}\.json$/,
      );
      await download.saveAs(file);
      const text = readFileSync(file, 'utf8');
      for (const secret of ['home-pw', 'home-key', 'work-pw', 'work-key'])
        expect(text).not.toContain(secret);
      const exported = JSON.parse(text);
      expect(exported).toMatchObject({
        format: 'storage-keeper-settings',
        version: 1,
        secrets: false,
        settings: { warningPercent: 80 },
      });
      expect(exported.accounts).toEqual([
        {
          label: 'Home',
          baseUrl: sim.apiUrl,
          userId: 'home-user',
          keyForm: 'header',
          notifications: true,
        },
        {
          label: 'Work',
          baseUrl: sim.apiUrl,
          userId: 'work-user',
          keyForm: 'matrix',
          notifications: true,
        },
      ]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('imports it into a fresh profile: a preview, then accounts that need their secrets and send nothing until given them', async () => {
    sim.requests.length = 0; // what the first profile sent
    const browser = await launchExtension();
    try {
      const options = new SettingsPage(await browser.open('options', 'transfer'));
      await options.page.getByLabel('Import accounts and settings from a file').setInputFiles(file);
      const preview = options.page.getByRole('region', { name: 'What this import will do' });
      await preview.waitFor();
      expect(await preview.getByRole('listitem').allTextContents()).toEqual([
        `Home home-user at ${new URL(sim.apiUrl).host} · needs the apps password and API key`,
        `Work work-user at ${new URL(sim.apiUrl).host} · needs the apps password and API key`,
      ]);
      expect(await preview.textContent()).toContain(
        "The shared settings are replaced by the file's.",
      );
      await preview.getByRole('button', { name: 'Import', exact: true }).click();
      await options.page.getByText('Imported: 2 added, 0 updated. Nothing was removed.').waitFor();
      await options.showSection('accountsHeading');
      const needs = catalogue('en').failureNeedsSecrets!;
      await expect.poll(() => options.page.getByText(needs).count()).toBe(2);
      expect(
        ((await browser.storage()).settings as { warningPercent: number }).warningPercent,
      ).toBe(80);

      // The popup says the same; nothing has been sent for either account.
      const popup = new Popup(await browser.open('popup'));
      await popup.card('Home').getByText(needs).waitFor();
      // The background has been through both accounts (each check recorded as waiting for its secrets).
      const waiting = async () => {
        const snapshots = Object.values(
          ((await browser.storage()).snapshots ?? {}) as Record<string, AccountSnapshot>,
        );
        return snapshots.filter(
          (s) =>
            s.keepAlive.failure?.kind === 'not-configured' &&
            s.refresh.failure?.kind === 'not-configured',
        ).length;
      };
      await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      expect(sim.requests).toEqual([]);

      // Completed in the Settings page: only then is the account checked.
      await options.editAccount('Home');
      await options.page.getByLabel('Apps password', { exact: true }).fill('home-pw');
      await options.page.getByLabel('API key', { exact: true }).fill('home-key');
      await options.page.getByRole('button', { name: 'Save', exact: true }).click();
      await popup.card('Home').getByText('12.3 GB of 28 GB used').waitFor({ timeout: 20_000 });
      expect(sim.requests.every((r) => r.userId === 'home-user')).toBe(true);
      expect(await popup.card('Work').getByText(needs).count()).toBe(1);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
