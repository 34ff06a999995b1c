import type { Page } from 'playwright-core';
import { catalogue } from '../catalogue';

/** The extension's own text in a locale, to find controls by the names users see. */
export function messages(locale: string) {
  const table = catalogue(locale);
  return (key: string) => table[key] ?? key;
}

/** The options page, as a user drives it, in the browser's language. */
export class OptionsPage {
  readonly t: (key: string) => string;

  constructor(readonly page: Page, locale = 'en') {
    this.t = messages(locale);
  }

  /** Fills the account form (already open) for an account on a custom server. */
  async fillAccount(fields: { baseUrl: string; userId: string; password: string; apiKey: string; label?: string }) {
    const { page, t } = this;
    if (fields.label) await page.getByLabel(t('fieldLabel'), { exact: true }).fill(fields.label);
    await page.getByLabel(t('fieldServer'), { exact: true }).selectOption('custom');
    await page.getByLabel(t('fieldCustomServer'), { exact: true }).fill(fields.baseUrl);
    await page.getByLabel(t('fieldUserId'), { exact: true }).fill(fields.userId);
    await page.getByLabel(t('fieldPassword'), { exact: true }).fill(fields.password);
    await page.getByLabel(t('fieldApiKey'), { exact: true }).fill(fields.apiKey);
  }

  async openNewAccount() {
    await this.page.getByRole('button', { name: this.t('addAccount') }).click();
  }

  async addAccount(fields: Parameters<OptionsPage['fillAccount']>[0]) {
    await this.openNewAccount();
    await this.fillAccount(fields);
    await this.page.getByRole('button', { name: this.t('save'), exact: true }).click();
    await this.page.getByRole('button', { name: this.t('addAccount') }).waitFor();
  }

  async editAccount(name: string) {
    await this.page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: this.t('edit') }).click();
  }

  /** Goes to a section of the page by its navigation link (`accountsHeading`, `settingsHeading`…). */
  async showSection(key: string) {
    await this.page.getByRole('navigation').getByRole('link', { name: this.t(key), exact: true }).click();
    await this.page.getByRole('heading', { name: this.t(key), level: 2 }).waitFor();
  }

  /** Sets a number in the Settings section (going there first). */
  async setNumber(label: string, value: number) {
    await this.showSection('settingsHeading');
    await this.page.getByLabel(label).fill(String(value));
  }

  async saveSettings() {
    await this.page.getByRole('button', { name: this.t('saveSettings') }).click();
    await this.page.getByText(this.t('saved')).waitFor();
  }
}

/** The popup, as a user reads it. */
export class Popup {
  readonly t: (key: string) => string;

  constructor(readonly page: Page, locale = 'en') {
    this.t = messages(locale);
  }

  card(name: string) {
    return this.page.getByRole('article', { name });
  }

  async refresh() {
    await this.page.getByRole('button', { name: this.t('checkNow'), exact: true }).click();
    await this.page.getByRole('button', { name: this.t('checkNow'), exact: true }).waitFor();
  }
}
