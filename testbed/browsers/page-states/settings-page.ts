import { SettingsPage } from '../chromium-pages';
import { GIB as GB } from '../../../lib/basics/bytes';
import { damagedEntry, storedUser } from './accounts';
import { activityLog, dailyHistory } from './e2e-days';
import type { PageState } from './state';

// The Settings page's states: its account list (with a damaged entry, a rejected password, an
// account edited), the usage history and the activity log, the first-run setup, the settings.

export const damaged: PageState = {
  name: 'options-damaged',
  open: async (c) => {
    await c.browser.storeAccounts([
      storedUser(c.sim, 'demo-user', 'Personal'),
      damagedEntry(c.sim),
    ]);
    const options = new SettingsPage(await c.browser.open('options'), c.locale);
    await options.page.getByText(options.t('damagedAccount')).waitFor();
    return options.page;
  },
};

export const list: PageState = {
  name: 'options-list',
  open: async (c) => {
    await c.browser.storeAccounts([
      storedUser(c.sim, 'demo-user', 'Personal'),
      storedUser(c.sim, 'archive', 'Archive', { password: 'old-password' }),
    ]);
    const options = new SettingsPage(await c.browser.open('options'), c.locale);
    await options.page.getByText(options.t('failureCredentialsRejected')).waitFor();
    return options.page;
  },
};

export const history: PageState = {
  name: 'options-history',
  open: async (c) => {
    const account = storedUser(c.sim, 'archive', 'Archive');
    await c.browser.storeHistory(
      dailyHistory(account, 120, (i) => 20 * GB + i * 0.1 * GB + (i % 7) * 0.3 * GB, 100 * GB),
    );
    await c.browser.storeAccounts([account]);
    const options = new SettingsPage(await c.browser.open('options', 'history'), c.locale);
    await options.page.getByRole('button', { name: options.t('downloadCsv') }).waitFor();
    return options.page;
  },
};

export const activity: PageState = {
  name: 'options-activity',
  open: async (c) => {
    const account = storedUser(c.sim, 'archive', 'Archive');
    await c.browser.storeActivity(activityLog(account, 30));
    await c.browser.storeAccounts([account]);
    const options = new SettingsPage(await c.browser.open('options', 'activity'), c.locale);
    const log = options.page.getByRole('article', { name: 'Archive' });
    await log.getByRole('button', { name: options.t('activityDownloadCsv') }).waitFor();
    await log.scrollIntoViewIfNeeded();
    return options.page;
  },
};

// What a new user gets on install: the walk-through, then the form for the first account.
export const setup: PageState = {
  name: 'options-setup',
  open: async (c) => {
    const options = new SettingsPage(await c.browser.open('options', 'setup'), c.locale);
    await options.page.getByRole('heading', { name: options.t('setupTitle') }).waitFor();
    await options.page.getByLabel(options.t('fieldUserId'), { exact: true }).waitFor();
    return options.page;
  },
};

// One account edited while the list stays in view, each entry with its sign-ins.
export const edit: PageState = {
  name: 'options-edit',
  open: async (c) => {
    await c.browser.storeAccounts([
      storedUser(c.sim, 'demo-user', 'Personal'),
      storedUser(c.sim, 'archive', 'Archive'),
    ]);
    const options = new SettingsPage(await c.browser.open('options'), c.locale);
    await options.page.getByText(options.t('lastSignIn').split('$1')[0]!.trim()).first().waitFor();
    await options.editAccount('Archive');
    await options.page
      .getByRole('heading', { name: options.t('editAccountTitle').replace('$1', 'Archive') })
      .waitFor();
    return options.page;
  },
};

export const settingsSection: PageState = {
  name: 'options-settings',
  open: async (c) => {
    const options = new SettingsPage(await c.browser.open('options', 'settings'), c.locale);
    await options.page.getByRole('button', { name: options.t('saveSettings') }).waitFor();
    return options.page;
  },
};
