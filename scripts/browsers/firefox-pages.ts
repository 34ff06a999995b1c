import type { ElementHandle, Page } from 'puppeteer-core';
import { messages } from './chromium-pages';

// The Firefox page objects: the same methods as the Chromium ones in ../e2e/pages.ts, over
// puppeteer instead of Playwright (whose Firefox needs its own patched build). Controls are found
// as a person finds them: by their label, role and visible text.

const aria = (role: string, name: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/** The form control a `<label>` with exactly this text names (Playwright's getByLabel). */
export async function field(page: Page, label: string): Promise<ElementHandle<HTMLElement>> {
  const handle = await page.waitForFunction(
    (text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control,
    {},
    label,
  );
  return handle as ElementHandle<HTMLElement>;
}

/** Clicks the button with this accessible name. */
export async function clickButton(page: Page, name: string) {
  await page.locator(aria('button', name)).click();
}

/**
 * Waits until the page (or the element `within` selects: CSS or puppeteer's `::-p-aria`) shows
 * this text; returns the text it shows.
 */
export async function waitForText(page: Page, text: string | RegExp, within = 'body'): Promise<string> {
  const element = await page.waitForSelector(within);
  const pattern = typeof text === 'string' ? { source: text, flags: 'literal' } : { source: text.source, flags: text.flags };
  await page.waitForFunction(
    (scope, { source, flags }) => {
      const shown = (scope as HTMLElement).innerText;
      return flags === 'literal' ? shown.includes(source) : new RegExp(source, flags).test(shown);
    },
    {},
    element!,
    pattern,
  );
  return element!.evaluate((e) => (e as HTMLElement).innerText);
}

/** The options page, as a user drives it. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  async fill(label: string, value: string) {
    const control = await field(this.page, label);
    await control.evaluate((e) => (e as HTMLInputElement).select());
    await control.type(value);
  }

  /** Fills the account form (already open) for a custom server. */
  async fillAccount(fields: { baseUrl: string; userId: string; password: string; apiKey: string; label?: string }) {
    if (fields.label) await this.fill('Name (optional)', fields.label);
    await (await field(this.page, 'Server')).select('custom');
    await this.fill('Server address', fields.baseUrl);
    await this.fill('User ID', fields.userId);
    await this.fill('Apps password', fields.password);
    await this.fill('API key', fields.apiKey);
  }

  async addAccount(fields: Parameters<OptionsPage['fillAccount']>[0]) {
    await clickButton(this.page, 'Add account');
    await this.fillAccount(fields);
    await clickButton(this.page, 'Save');
    await this.page.locator(aria('button', 'Add account')).wait();
  }

  /** Goes to a section of the page by its navigation link. */
  async showSection(name: string) {
    await this.page.locator(aria('link', name)).click();
    await this.page.waitForSelector(`::-p-aria([name=${JSON.stringify(name)}][role="heading"])`);
  }

  /** Sets a number in the Settings section (going there first). */
  async setNumber(label: string, value: number) {
    await this.showSection('Schedule and notifications');
    await this.fill(label, String(value));
  }

  async saveSettings() {
    await clickButton(this.page, 'Save settings');
    await waitForText(this.page, 'Saved.');
  }
}

/** The popup, as a user reads it. */
export class Popup {
  private readonly t: (key: string) => string;

  constructor(readonly page: Page, locale = 'en') {
    this.t = messages(locale);
  }

  /** The selector of one account's card, for `waitForText(page, text, popup.card(name))`. */
  card(name: string): string {
    return aria('article', name);
  }

  /** Clicks Refresh and waits until the refresh is done (the button was busy and is free again). */
  async refresh() {
    const button = await this.page.waitForSelector(aria('button', this.t('refresh')));
    await button!.evaluate((element) => {
      const b = element as HTMLElement;
      b.dataset.refreshed = 'no';
      new MutationObserver((_, observer) => {
        if (b.getAttribute('aria-busy') === 'true') b.dataset.refreshed = 'busy';
        else if (b.dataset.refreshed === 'busy') {
          b.dataset.refreshed = 'yes';
          observer.disconnect();
        }
      }).observe(b, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await button!.click();
    await this.page.waitForFunction((b) => (b as HTMLElement).dataset.refreshed === 'yes', { timeout: 30_000 }, button!);
  }
}
