import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const FIREFOX_E2E_BUILD = resolve('.output/firefox-mv3-e2e');
/** The same build zipped, for a permanent install (a temporary add-on does not survive a restart). */
export const FIREFOX_E2E_XPI = resolve('.output/storage-keeper-firefox-e2e.xpi');
export const FIREFOX_SIMULATOR_BUILD = resolve('.output/firefox-mv3-simulator');
export const FIREFOX_BUILD = resolve('.output/firefox-mv3');

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

/** The browser FIREFOX_PATH names, else the first Firefox installed; undefined if none. */
export function findFirefox(): string | undefined {
  if (process.env.FIREFOX_PATH)
    return existsSync(process.env.FIREFOX_PATH) ? process.env.FIREFOX_PATH : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export const NO_FIREFOX_HELP =
  'No Firefox found. Install Firefox ESR (Debian/Ubuntu: sudo apt-get install -y firefox-esr) ' +
  'or set FIREFOX_PATH to the browser executable.';

/** Firefox names extension pages by a per-profile UUID; fixing it (a pref) makes the URLs known. */
const EXTENSION_UUID = '6b1c9a52-4f0e-4d8b-9a3e-5c2d7e8f1a40';

export interface FirefoxLaunchOptions {
  /** Install this unpacked build as a temporary add-on, or this XPI permanently; nothing on a restart. */
  install?: { dir: string } | { xpi: string };
  /** Reuse a profile: a browser restart. */
  profileDir?: string;
  headless?: boolean;
  /** Suspend the idle event page after this long (Firefox's default is 30 s). */
  idleTimeoutMs?: number;
  /** Accept any TLS certificate (the self-signed https simulator). */
  acceptInsecureCerts?: boolean;
  /** The browser's language, as the add-on sees it (its pages and `i18n.getUILanguage()`). */
  locale?: 'en' | 'ja';
  /** This Firefox, not the one findFirefox() finds (the oldest supported one, in its own test). */
  executablePath?: string;
}

/** puppeteer keeps its WebDriver BiDi connection on the browser; it is not in the public types. */
type BidiConnection = {
  send(method: string, params: object, timeoutMs?: number): Promise<{ result: unknown }>;
};
/** A tab's BiDi browsing context id (puppeteer's frame id, also not in the public types). */
const contextId = (page: Page) => (page.mainFrame() as unknown as { _id: string })._id;

/** Firefox (over WebDriver BiDi) with the extension, on a throwaway (or given) profile. */
export async function launchFirefox(options: FirefoxLaunchOptions = {}) {
  const executablePath = options.executablePath ?? findFirefox();
  if (!executablePath) throw new Error(NO_FIREFOX_HELP);
  const {
    install,
    profileDir,
    headless = true,
    idleTimeoutMs,
    acceptInsecureCerts = false,
    locale = 'en',
  } = options;
  const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'sk-firefox-'));
  // The add-on's id, from the manifest of the build being installed (the test build's for an XPI or a restart).
  const manifestDir = install && 'dir' in install ? install.dir : FIREFOX_E2E_BUILD;
  const geckoId = (
    JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as {
      browser_specific_settings: { gecko: { id: string } };
    }
  ).browser_specific_settings.gecko.id;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless,
    acceptInsecureCerts,
    // No viewport from puppeteer: its setViewport also sends emulation.setScreenOrientationOverride,
    // which Firefox 140 (the oldest the add-on supports) lacks. open() sizes each tab itself.
    defaultViewport: null,
    userDataDir: profile,
    // Without it BiDi refuses to navigate to moz-extension:// pages or reach the browser's own window.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: EXTENSION_UUID }),
      // Without D-Bus the system backend closes each notification at once; Firefox's own keeps them.
      'alerts.useSystemBackend': false,
      // Debian's ESR accepts an unsigned XPI for a permanent install.
      'xpinstall.signatures.required': false,
      ...(idleTimeoutMs !== undefined && { 'extensions.background.idle.timeout': idleTimeoutMs }),
    },
  });
  const session = new FirefoxSession(browser, geckoId, profile);
  const params =
    install &&
    ('dir' in install
      ? { extensionData: { type: 'path', path: install.dir } }
      : { extensionData: { type: 'archivePath', path: install.xpi }, 'moz:permanent': true });
  try {
    // Debian's Firefox ESR has no Japanese language pack: Japanese is made available to the
    // add-on (whose catalogue has it) before it is installed; the browser's own words fall back to English.
    if (locale !== 'en')
      await session.privileged(
        `(() => { Services.locale.availableLocales = ['${locale}', 'en-US']; Services.locale.requestedLocales = ['${locale}']; })()`,
      );
    // A permanent install this Firefox refuses (e.g. a strict_min_version above it) goes unanswered.
    if (params) await session.bidi('webExtension.install', params, 15_000);
  } catch (error) {
    await session.close();
    throw new Error(`Firefox did not install the add-on (${(error as Error).message})`, {
      cause: error,
    });
  }
  return session;
}

/** What the browser's permission prompt (a doorhanger in its own window) says, and its two answers. */
export interface PermissionPrompt {
  text: string;
  allow: string;
  deny: string;
}

/** A running Firefox with the extension: its pages, its state through browser APIs, and a way to stop. */
export class FirefoxSession {
  private probe?: Page;
  private chromePage?: string;

  constructor(
    readonly browser: Browser,
    readonly geckoId: string,
    readonly profileDir: string,
  ) {}

  /** Sends a raw WebDriver BiDi command. */
  async bidi(method: string, params: object, timeoutMs = 30_000): Promise<unknown> {
    const connection = (this.browser as unknown as { connection: BidiConnection }).connection;
    return (await connection.send(method, params, timeoutMs)).result;
  }

  url(page: 'popup' | 'options'): string {
    return `moz-extension://${EXTENSION_UUID}/${page}.html`;
  }

  /**
   * Opens a page of the extension in a new tab (the popup at its own 360 px width). Each page
   * gets its own tab: `page.goto()` never resolves for moz-extension://, so the tab is navigated
   * once with the raw BiDi command. The settings page may open at a place (`settings`, `setup`…).
   */
  async open(page: 'popup' | 'options', place?: string): Promise<Page> {
    const tab = await this.newTab();
    tab.setDefaultTimeout(10_000);
    // The raw BiDi command every supported Firefox has (not page.setViewport: see launchFirefox).
    const viewport = page === 'popup' ? { width: 360, height: 640 } : { width: 900, height: 1000 };
    await this.bidi('browsingContext.setViewport', { context: contextId(tab), viewport });
    const url = this.url(page) + (place ? `#${place}` : '');
    await this.bidi('browsingContext.navigate', { context: contextId(tab), url, wait: 'complete' });
    return tab;
  }

  /**
   * A new tab, beside the first. Not browser.newPage(): without a tab to open beside, Firefox 140
   * opens it in the most recent window of any kind, which is a notification's own window (with no
   * tabs) while one shows.
   */
  private async newTab({ background = false } = {}): Promise<Page> {
    const tree = (await this.bidi('browsingContext.getTree', { maxDepth: 0 })) as {
      contexts: { context: string }[];
    };
    const created = (await this.bidi('browsingContext.create', {
      type: 'tab',
      referenceContext: tree.contexts[0]!.context,
      background,
    })) as { context: string };
    const tab = (await this.browser.pages()).find((page) => contextId(page) === created.context);
    if (!tab) throw new Error('the new tab was not found');
    return tab;
  }

  /** Runs `fn` in an extension page, where every `browser.*`/`chrome.*` API is at hand. */
  async inExtension<T>(fn: () => T | Promise<T>): Promise<T> {
    this.probe ??= await this.open('popup');
    return this.probe.evaluate(fn);
  }

  async badge() {
    return this.inExtension(async () => ({
      text: await chrome.action.getBadgeText({}),
      color: await chrome.action.getBadgeBackgroundColor({}),
      title: await chrome.action.getTitle({}),
    }));
  }

  async notifications(): Promise<string[]> {
    return this.inExtension(async () => Object.keys(await chrome.notifications.getAll()));
  }

  async clearNotifications() {
    await this.inExtension(async () => {
      for (const id of Object.keys(await chrome.notifications.getAll()))
        await chrome.notifications.clear(id);
    });
  }

  async storage(): Promise<Record<string, unknown>> {
    return this.inExtension(() => chrome.storage.local.get(null));
  }

  /** Stores items in storage.local as the extension itself would (with their version markers). */
  async storeItems(items: Record<string, unknown>) {
    this.probe ??= await this.open('popup');
    await this.probe.evaluate((values) => chrome.storage.local.set(values), items);
  }

  async alarms() {
    return this.inExtension(() => chrome.alarms.getAll());
  }

  /**
   * Updates the add-on in place, as Firefox installs a new version of one it has: the XPI
   * installed permanently over it (same add-on id), its storage and alarms kept. The pages this
   * session opened belonged to the old version: the next `inExtension` opens a new one.
   */
  async updateInPlace(xpi: string) {
    await this.bidi(
      'webExtension.install',
      { extensionData: { type: 'archivePath', path: xpi }, 'moz:permanent': true },
      15_000,
    );
    this.probe = undefined;
  }

  /**
   * Evaluates an expression with the browser's own privileges (`Services`, `ChromeUtils`), in a
   * blank chrome page in a background tab; `browserWindow()` is the browser's window. Not in the
   * window itself: Firefox 140 does not list it to WebDriver BiDi (later ones do, with `moz:scope`).
   */
  async privileged(expression: string): Promise<unknown> {
    if (!this.chromePage) {
      const tab = await this.newTab({ background: true });
      await this.bidi('browsingContext.navigate', {
        context: contextId(tab),
        url: 'chrome://global/content/win.xhtml',
        wait: 'complete',
      });
      this.chromePage = contextId(tab);
    }
    const answer = (await this.bidi('script.evaluate', {
      expression: `(() => { const browserWindow = () => Services.wm.getMostRecentWindow('navigator:browser'); return ${expression}; })()`,
      target: { context: this.chromePage },
      awaitPromise: true,
      resultOwnership: 'none',
    })) as { type: string; result?: { value?: unknown }; exceptionDetails?: { text: string } };
    if (answer.type !== 'success')
      throw new Error(`in the browser's chrome: ${answer.exceptionDetails?.text}`);
    return answer.result?.value; // the primitive (or undefined) the expressions here return
  }

  /** The event page's state as Firefox sees it: 'running', 'suspending', 'stopped', 'starting'. */
  async backgroundState(): Promise<string> {
    return String(
      await this.privileged(`(() => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      return String(ExtensionParent.GlobalManager.getExtension(${JSON.stringify(this.geckoId)})?.backgroundState);
    })()`),
    );
  }

  /**
   * Every state the event page has taken since the first call ('running', 'suspending',
   * 'stopped', 'starting'), each with the time Firefox set it: recorded as it is set (the
   * extension's backgroundState wrapped in the browser), so no state is missed between reads.
   */
  async backgroundStates(): Promise<{ state: string; at: number }[]> {
    return JSON.parse(
      String(
        await this.privileged(`(() => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
      const extension = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(this.geckoId)});
      if (!extension.storageKeeperStates) {
        const log = [{ state: String(extension.backgroundState), at: Date.now() }];
        let owner = extension;
        while (owner && !Object.getOwnPropertyDescriptor(owner, 'backgroundState')) owner = Object.getPrototypeOf(owner);
        const held = owner ? Object.getOwnPropertyDescriptor(owner, 'backgroundState') : { value: undefined };
        let value = held.value;
        Object.defineProperty(extension, 'backgroundState', {
          configurable: true,
          get: () => (held.get ? held.get.call(extension) : value),
          set: (state) => {
            if (held.set) held.set.call(extension, state);
            else value = state;
            log.push({ state: String(state), at: Date.now() });
          },
        });
        extension.storageKeeperStates = log;
      }
      return JSON.stringify(extension.storageKeeperStates);
    })()`),
      ),
    ) as { state: string; at: number }[];
  }

  /** The extension's permission prompt if it is showing (the doorhanger cannot be screenshotted). */
  async permissionPrompt(): Promise<PermissionPrompt | undefined> {
    const prompt = await this.privileged(`(() => {
      const { PopupNotifications } = browserWindow();
      const notice = PopupNotifications.panel.state === 'open' && PopupNotifications.panel.querySelector('#addon-webext-permissions-notification');
      if (!notice) return null;
      return JSON.stringify({ text: notice.innerText ?? notice.textContent, allow: notice.button.label, deny: notice.secondaryButton.label });
    })()`);
    return typeof prompt === 'string' ? (JSON.parse(prompt) as PermissionPrompt) : undefined;
  }

  /** Clicks the prompt's button with this label ("Allow" or "Deny"), as a person would. */
  async answerPermissionPrompt(label: string) {
    const clicked = await this.privileged(`(() => {
      const { PopupNotifications } = browserWindow();
      const notice = PopupNotifications.panel.querySelector('#addon-webext-permissions-notification');
      const button = [notice?.button, notice?.secondaryButton].find((b) => b?.label === ${JSON.stringify(label)});
      button?.click();
      return Boolean(button);
    })()`);
    if (!clicked) throw new Error(`no "${label}" button in the permission prompt`);
  }

  /** Light or dark pages (Firefox has no media emulation over BiDi: the content pref does it). */
  async setColorScheme(scheme: 'light' | 'dark') {
    await this.privileged(
      `Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${scheme === 'dark' ? 0 : 1})`,
    );
  }

  /** Closes the browser; the profile is kept when `keepProfile` (for a restart). */
  async close({ keepProfile = false } = {}) {
    const firefox = this.browser.process();
    await this.browser.close();
    // puppeteer returns without waiting for the exit when Firefox drops the connection before it
    // answers browser.close; until it has exited it still writes to (and locks) its profile.
    if (firefox && firefox.exitCode === null && firefox.signalCode === null)
      await once(firefox, 'exit');
    if (!keepProfile) rmSync(this.profileDir, { recursive: true, force: true });
  }
}
