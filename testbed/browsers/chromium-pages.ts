import type { Page } from 'playwright-core';
import { catalogue } from '../catalogue';

/**
 * The extension's own text in a locale, to find controls by the names users see. A key the locale
 * lacks throws (its text as the key would make a `not.toContain(t(key))` pass vacuously).
 */
export function messages(locale: string) {
  const table = catalogue(locale);
  return (key: string) => {
    const text = table[key];
    if (text === undefined) throw new Error(`no message ${key} in ${locale}`);
    return text;
  };
}

/** A locale's message as a pattern: its placeholders ($1, $2…) stand for any text. */
export function messagePatterns(locale: string) {
  const t = messages(locale);
  return (key: string) =>
    new RegExp(
      t(key)
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\\\$\d/g, '.+?'),
    );
}

/** The Settings page, as a user drives it, in the browser's language. */
export class SettingsPage {
  /** Another build's own words (e.g. a release's, testbed/kept-releases.ts) may stand for this version's. */
  constructor(
    readonly page: Page,
    locale = 'en',
    readonly t: (key: string) => string = messages(locale),
  ) {}

  /** Fills the account form (already open) for an account on a custom server. */
  async fillAccount(fields: {
    baseUrl: string;
    userId: string;
    password: string;
    apiKey: string;
    label?: string;
  }) {
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

  async addAccount(fields: Parameters<SettingsPage['fillAccount']>[0]) {
    await this.openNewAccount();
    await this.fillAccount(fields);
    await this.page.getByRole('button', { name: this.t('save'), exact: true }).click();
    await this.page.getByRole('button', { name: this.t('addAccount') }).waitFor();
  }

  async editAccount(name: string) {
    await this.page
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: this.t('edit') })
      .click();
  }

  /** Goes to a section of the page by its navigation link (`accountsHeading`, `settingsHeading`…). */
  async showSection(key: string) {
    await this.page
      .getByRole('navigation')
      .getByRole('link', { name: this.t(key), exact: true })
      .click();
    await this.page.getByRole('heading', { name: this.t(key), level: 2 }).waitFor();
  }

  /** A section of the page (shown), by the key of its heading. */
  section(key: string) {
    return this.page.getByRole('region', { name: this.t(key) });
  }

  /** The saved accounts, as the Accounts section lists them. */
  accountEntries() {
    return this.section('accountsHeading').getByRole('listitem');
  }

  /** An account's log in the Activity log section (go there first). */
  activityLog(name: string) {
    return this.section('activityHeading').getByRole('article', { name });
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
  readonly pattern: (key: string) => RegExp;

  constructor(
    readonly page: Page,
    locale = 'en',
  ) {
    this.t = messages(locale);
    this.pattern = messagePatterns(locale);
  }

  card(name: string) {
    return this.page.getByRole('article', { name });
  }

  /** A card's sparkline of its last 30 days, named by its text alternative. */
  sparkline(name: string) {
    return this.card(name).getByRole('img', { name: this.pattern('sparklineLabel') });
  }

  /** Clicks Check now and waits until its button was busy (aria-busy) and is free again: the check done. */
  async checkNow() {
    const button = this.page.getByRole('button', { name: this.t('checkNow'), exact: true });
    await button.evaluate((element) => {
      const b = element as HTMLElement;
      b.dataset.checked = 'no';
      // Each change is a record with the value before it, so a busy spell shorter than a task is seen too.
      new MutationObserver((records, observer) => {
        if (records.some((r) => r.oldValue === 'true') && b.getAttribute('aria-busy') !== 'true') {
          b.dataset.checked = 'yes';
          observer.disconnect();
        }
      }).observe(b, { attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    });
    await button.click();
    await this.page.locator('button[data-checked="yes"]').waitFor({ timeout: 30_000 });
  }
}
