import { setTimeout as sleep } from 'node:timers/promises';
import {
  TimeoutError,
  type ElementHandle,
  type EvaluateFunc,
  type HandleFor,
  type JSHandle,
  type Page,
} from 'puppeteer-core';
import { MANUAL_CHECK_GAP_MS } from '../../lib/schedule/when-due';
import { messagePatterns, messages } from './chromium-pages';

// The Firefox page objects: the same methods as the Chromium ones in ./chromium-pages.ts, over
// puppeteer instead of Playwright (whose Firefox needs its own patched build). Controls are found
// as a person finds them: by their label, role and visible text.

const aria = (role: string, name: string) =>
  `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;

/**
 * Waits until `predicate`, run in the page with `args`, returns a truthy value; returns a handle
 * to it. What page.waitForFunction does, without it: puppeteer compiles the predicate with
 * `new Function` inside the page, which an extension page's CSP forbids in Firefox 140 (later
 * Firefoxes exempt WebDriver's code). Each poll is one plain evaluation, which no CSP blocks.
 */
export async function waitUntil<
  Params extends unknown[],
  Func extends EvaluateFunc<Params> = EvaluateFunc<Params>,
>(
  page: Page,
  predicate: Func,
  { timeout = page.getDefaultTimeout(), polling = 50 }: { timeout?: number; polling?: number } = {},
  ...args: Params
): Promise<HandleFor<Awaited<ReturnType<Func>>>> {
  const deadline = performance.now() + timeout;
  for (;;) {
    const handle = await page.evaluateHandle(predicate, ...args);
    if (await (handle as JSHandle).evaluate((value) => Boolean(value))) return handle;
    await handle.dispose();
    if (performance.now() > deadline)
      throw new TimeoutError(`Waiting failed: ${timeout}ms exceeded`);
    await sleep(polling);
  }
}

/** The form control a `<label>` with exactly this text names (Playwright's getByLabel). */
export async function field(page: Page, label: string): Promise<ElementHandle<HTMLElement>> {
  const handle = await waitUntil(
    page,
    (text) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control,
    {},
    label,
  );
  return handle as ElementHandle<HTMLElement>;
}

/**
 * Clicks the control with this role and accessible name once it is enabled. Not puppeteer's
 * locator: its wait for an enabled control is a page.waitForFunction (see waitUntil).
 */
async function click(page: Page, role: string, name: string) {
  const control = (await page.waitForSelector(aria(role, name)))!;
  await waitUntil(page, (element) => !(element as HTMLButtonElement).disabled, {}, control);
  await control.click();
}

/** Clicks the button with this accessible name. */
export async function clickButton(page: Page, name: string) {
  await click(page, 'button', name);
}

/**
 * Waits until the page (or the element `within` selects: CSS or puppeteer's `::-p-aria`) shows
 * this text; returns the text it shows. `timeout` for a wait longer than the tab's default.
 */
export async function waitForText(
  page: Page,
  text: string | RegExp,
  within = 'body',
  timeout?: number,
): Promise<string> {
  const element = await page.waitForSelector(within);
  const pattern =
    typeof text === 'string'
      ? { source: text, flags: 'literal' }
      : { source: text.source, flags: text.flags };
  await waitUntil(
    page,
    (scope, { source, flags }) => {
      const shown = (scope as HTMLElement).innerText;
      return flags === 'literal' ? shown.includes(source) : new RegExp(source, flags).test(shown);
    },
    timeout === undefined ? {} : { timeout },
    element!,
    pattern,
  );
  return element!.evaluate((e) => (e as HTMLElement).innerText);
}

/** The Settings page, as a user drives it. */
export class SettingsPage {
  /** Another build's own words (e.g. a release's, testbed/kept-releases.ts) may stand for this version's. */
  constructor(
    readonly page: Page,
    locale = 'en',
    readonly t: (key: string) => string = messages(locale),
  ) {}

  async fill(label: string, value: string) {
    const control = await field(this.page, label);
    await control.evaluate((e) => (e as HTMLInputElement).select());
    await control.type(value);
  }

  /** Fills the account form (already open) for a custom server. */
  async fillAccount(fields: {
    baseUrl: string;
    userId: string;
    password: string;
    apiKey: string;
    label?: string;
  }) {
    const { t } = this;
    if (fields.label) await this.fill(t('fieldLabel'), fields.label);
    await (await field(this.page, t('fieldServer'))).select('custom');
    await this.fill(t('fieldCustomServer'), fields.baseUrl);
    await this.fill(t('fieldUserId'), fields.userId);
    await this.fill(t('fieldPassword'), fields.password);
    await this.fill(t('fieldApiKey'), fields.apiKey);
  }

  /** Opens the form for a new account (the button is in the Accounts section, where the page opens). */
  async openNewAccount() {
    await clickButton(this.page, this.t('addAccount'));
  }

  async addAccount(fields: Parameters<SettingsPage['fillAccount']>[0]) {
    await this.openNewAccount();
    await this.fillAccount(fields);
    await clickButton(this.page, this.t('save'));
    await this.page.locator(aria('button', this.t('addAccount'))).wait();
  }

  /** Goes to a section of the page by its navigation link (`accountsHeading`, `settingsHeading`…). */
  async showSection(key: string) {
    const name = this.t(key);
    await click(this.page, 'link', name);
    await this.page.waitForSelector(`::-p-aria([name=${JSON.stringify(name)}][role="heading"])`);
  }

  /** The selector of a section of the page (shown), by the key of its heading. */
  section(key: string): string {
    return aria('region', this.t(key));
  }

  /** The saved accounts, as the Accounts section lists them. */
  async accountEntries(): Promise<ElementHandle[]> {
    const section = await this.page.waitForSelector(this.section('accountsHeading'));
    return section!.$$('::-p-aria([role="listitem"])');
  }

  /** The selector of an account's log in the Activity log section (go there first). */
  activityLog(name: string): string {
    return `${this.section('activityHeading')} ${aria('article', name)}`;
  }

  /** Sets a number in the schedule section (going there first); `key` names its label in the catalogue. */
  async setNumber(key: string, value: number) {
    await this.showSection('settingsHeading');
    await this.fill(this.t(key), String(value));
  }

  async saveSettings() {
    await clickButton(this.page, this.t('saveSettings'));
    await waitForText(this.page, this.t('saved'));
  }
}

/** The popup, as a user reads it. */
export class Popup {
  private readonly t: (key: string) => string;
  readonly pattern: (key: string) => RegExp;

  constructor(
    readonly page: Page,
    locale = 'en',
  ) {
    this.t = messages(locale);
    this.pattern = messagePatterns(locale);
  }

  /** The selector of one account's card, for `waitForText(page, text, popup.card(name))`. */
  card(name: string): string {
    return aria('article', name);
  }

  /** Waits until a card shows its sparkline of the last 30 days; returns the sparkline's text alternative. */
  async sparkline(name: string): Promise<string> {
    const card = await this.page.waitForSelector(this.card(name));
    const label = await waitUntil(
      this.page,
      (scope, source) =>
        [...scope.querySelectorAll('[role="img"]')]
          .map((image) => image.getAttribute('aria-label') ?? '')
          .find((text) => new RegExp(source).test(text)),
      {},
      card!,
      this.pattern('sparklineLabel').source,
    );
    return (await label.jsonValue()) as string;
  }

  /**
   * Clicks Check now and waits until the check is done (the button was busy and is free again).
   * A manual check is not repeated within MANUAL_CHECK_GAP_MS of an account's last attempt, so
   * it first waits, as stored state, until every healthy check's last attempt is that old (not when
   * `afterGap` is false: after a failure the user fixes, the check is not held back).
   */
  async checkNow({ afterGap = true } = {}) {
    if (afterGap)
      await waitUntil(
        this.page,
        async (gap) => {
          type StoredCheck = { lastAttemptAt?: number; failure?: unknown };
          const { snapshots = {} } = await chrome.storage.local.get<{
            snapshots?: Record<string, Record<string, StoredCheck>>;
          }>('snapshots');
          // Checks that are failing retry on their own backoff; a test's Check now is for the healthy ones.
          const healthy = Object.values(snapshots)
            .flatMap((s) => [s.keepAlive, s.refresh])
            .filter((check) => check && !check.failure);
          const attempts = healthy.map((check) => check!.lastAttemptAt ?? 0);
          return Date.now() - Math.max(0, ...attempts) >= gap;
        },
        { timeout: 60_000, polling: 500 },
        MANUAL_CHECK_GAP_MS,
      );
    const button = await this.page.waitForSelector(aria('button', this.t('checkNow')));
    await button!.evaluate((element) => {
      const b = element as HTMLElement;
      b.dataset.checked = 'no';
      new MutationObserver((_, observer) => {
        if (b.getAttribute('aria-busy') === 'true') b.dataset.checked = 'busy';
        else if (b.dataset.checked === 'busy') {
          b.dataset.checked = 'yes';
          observer.disconnect();
        }
      }).observe(b, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await button!.click();
    await waitUntil(
      this.page,
      (b) => (b as HTMLElement).dataset.checked === 'yes',
      { timeout: 30_000 },
      button!,
    );
  }
}
