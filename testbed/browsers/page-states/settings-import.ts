import type { Account } from '../../../lib/store/accounts';
import { storedSettings } from '../../../lib/store/settings';
import { SettingsPage } from '../chromium-pages';
import { storedUser } from './accounts';
import { QUIET_SETTINGS, type PageState, type StateContext } from './state';

// The Settings page's import: a file's preview, a file it refuses, and an import done.

/** An export file as an export leaves it, without secrets. */
const exportFile = (accounts: Pick<Account, 'baseUrl' | 'userId' | 'label'>[]) =>
  JSON.stringify({
    format: 'storage-keeper-settings',
    version: 1,
    secrets: false,
    accounts,
    settings: storedSettings(QUIET_SETTINGS),
  });

/** The Settings page with an export file chosen in its import field. */
async function settingsPageImporting(context: StateContext, file: string) {
  await context.browser.storeAccounts([storedUser(context.sim, 'demo-user', 'Personal')]);
  const options = new SettingsPage(
    await context.browser.open('options', 'transfer'),
    context.locale,
  );
  await options.page.getByLabel(options.t('importFile')).setInputFiles({
    name: 'settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  return options;
}

// One account the browser has, the same in the file (left alone), one it has not (added, without its secrets); the box for secrets ticked.
export const preview: PageState = {
  name: 'options-import-preview',
  open: async (c) => {
    const user = c.sim.account('demo-user');
    const options = await settingsPageImporting(
      c,
      exportFile([
        { baseUrl: c.sim.apiUrl, userId: user.userId, label: 'Personal' },
        { baseUrl: 'https://api.infini-cloud.net', userId: 'imported-user', label: 'Imported' },
      ]),
    );
    await options.page.getByLabel(options.t('includeSecrets')).check();
    await options.page
      .getByRole('button', { name: options.t('importApply'), exact: true })
      .waitFor();
    return options.page;
  },
};

export const invalidFile: PageState = {
  name: 'options-import-error',
  open: async (c) => {
    const options = await settingsPageImporting(
      c,
      JSON.stringify({
        format: 'storage-keeper-settings',
        version: 1,
        accounts: [{ baseUrl: 'ftp://example.com', userId: '' }],
        settings: { keepAliveHours: 500 },
      }),
    );
    await options.page.getByText(options.t('importInvalid')).waitFor();
    return options.page;
  },
};

export const imported: PageState = {
  name: 'options-imported',
  open: async (c) => {
    const options = await settingsPageImporting(
      c,
      exportFile([
        { baseUrl: 'https://api.infini-cloud.net', userId: 'imported-user', label: 'Imported' },
      ]),
    );
    await options.page.getByRole('button', { name: options.t('importApply'), exact: true }).click();
    await options.page
      .getByText(options.t('importDone').replace('$1', '1').replace('$2', '0'))
      .waitFor();
    await options.showSection('accountsHeading');
    await options.page.getByText(options.t('failureNeedsSecrets')).waitFor();
    return options.page;
  },
};
