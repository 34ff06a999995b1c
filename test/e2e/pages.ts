import type { Page } from 'playwright-core';
import { catalogue } from '../catalogue';

/** The extension's own text in a locale, to find controls by the names users see. */
export function messages(locale: string) {
  const table = catalogue(locale);
  return (key: string) => table[key] ?? key;
}

/** The options page, as a user drives it. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  /** Fills the account form (already open) for a simulated account. */
  async fillAccount(fields: { baseUrl: string; userId: string; password: string; apiKey: string; label?: string }) {
    const { page } = this;
    if (fields.label) await page.getByLabel('Name (optional)').fill(fields.label);
    await page.getByLabel('Server', { exact: true }).selectOption('custom');
    await page.getByLabel('Server address').fill(fields.baseUrl);
    await page.getByLabel('User ID').fill(fields.userId);
    await page.getByLabel('Apps password').fill(fields.password);
    await page.getByLabel('API key').fill(fields.apiKey);
  }

  async addAccount(fields: Parameters<OptionsPage['fillAccount']>[0]) {
    await this.page.getByRole('button', { name: 'Add account' }).click();
    await this.fillAccount(fields);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByRole('button', { name: 'Add account' }).waitFor();
  }

  async editAccount(name: string) {
    await this.page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  }

  async setNumber(label: string, value: number) {
    await this.page.getByLabel(label).fill(String(value));
  }

  async saveSettings() {
    await this.page.getByRole('button', { name: 'Save settings' }).click();
    await this.page.getByText('Saved.').waitFor();
  }
}

/** The popup, as a user reads it. */
export class Popup {
  private readonly t: (key: string) => string;

  constructor(readonly page: Page, locale = 'en') {
    this.t = messages(locale);
  }

  card(name: string) {
    return this.page.getByRole('article', { name });
  }

  async refresh() {
    await this.page.getByRole('button', { name: this.t('refresh'), exact: true }).click();
    await this.page.getByRole('button', { name: this.t('refresh'), exact: true }).waitFor();
  }
}
