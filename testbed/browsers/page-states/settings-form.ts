import { SettingsPage } from '../chromium-pages';
import { storedUser } from './accounts';
import type { PageState, StateContext } from './state';

// The Settings page's account form: open, refused for empty fields, waiting on the browser's
// permission prompt, and a key the service refused at Test connection.

/** The Settings page with the account form open, beside one account (not the last state's). */
async function settingsForm(context: StateContext) {
  await context.browser.storeAccounts([storedUser(context.sim, 'demo-user', 'Personal')]);
  const options = new SettingsPage(await context.browser.open('options'), context.locale);
  await options.openNewAccount();
  return options;
}

export const form: PageState = {
  name: 'options-form',
  open: async (c) => (await settingsForm(c)).page,
};

export const errors: PageState = {
  name: 'options-errors',
  open: async (c) => {
    const options = await settingsForm(c);
    await options.page.getByRole('button', { name: options.t('save'), exact: true }).click();
    await options.page.getByText(options.t('errorRequired')).first().waitFor();
    return options.page;
  },
};

// The browser's permission prompt for a custom server stays open (headless too).
export const waiting: PageState = {
  name: 'options-waiting',
  open: async (c) => {
    const options = await settingsForm(c);
    await options.fillAccount({
      baseUrl: 'https://storage.example.com',
      userId: 'demo-user',
      password: 'pw',
      apiKey: 'key',
    });
    await options.page.getByRole('button', { name: options.t('save'), exact: true }).click();
    await options.page
      .getByText(options.t('waitingForPermission').replace('$1', 'https://storage.example.com'))
      .waitFor();
    return options.page;
  },
};

export const keyRefused: PageState = {
  name: 'options-key-refused',
  open: async (c) => {
    const options = await settingsForm(c);
    const user = c.sim.account('demo-user');
    await options.fillAccount({
      baseUrl: c.sim.apiUrl,
      userId: user.userId,
      password: user.password,
      apiKey: 'mistyped-key',
    });
    await options.page.getByRole('button', { name: options.t('testConnection') }).click();
    await options.page.getByText(options.t('failureApiKeyHeaderHint')).waitFor();
    return options.page;
  },
};
