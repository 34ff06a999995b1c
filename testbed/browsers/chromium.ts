import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import type { Account } from '../../lib/store/accounts';
import type { Settings } from '../../lib/store/settings';
import type { AccountSnapshot } from '../../lib/store/account-state';
import { accountItems, activityItems, historyItems, settingsItems } from './stored-items';

export const E2E_BUILD = resolve('.output/chrome-mv3-e2e');
/** The e2e build at WXT_TIME_SCALE 8640 (a day lasts 10 s): a week of daily readings in a test. */
export const FAST_E2E_BUILD = resolve('.output/chrome-mv3-e2e-fast');
export const SIMULATOR_BUILD = resolve('.output/chrome-mv3-simulator');
/** The e2e build made with an application key (WXT_APP_API_KEY), as a publisher builds: accounts need no key. */
export const APP_KEY_E2E_BUILD = resolve('.output/chrome-mv3-e2e-app-key');
/** That build's application key: the simulator's, made up for the tests (never a real service's). */
export const E2E_APP_KEY = 'simulated-application-key';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The browser CHROMIUM_PATH names, else the first Chromium or Chrome installed; undefined if none. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export const NO_CHROMIUM_HELP =
  'No Chromium or Chrome found. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) ' +
  'or set CHROMIUM_PATH to the browser executable.';

function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(NO_CHROMIUM_HELP);
  return path;
}

export interface LaunchOptions {
  extensionDir?: string;
  /** Reuse a profile: a browser restart. */
  profileDir?: string;
  locale?: 'en' | 'ja';
  headless?: boolean;
  /** Let the session update the extension in place (`updateInPlace`): Chromium's extension commands over CDP. */
  updatable?: boolean;
}

/** Chromium with the extension loaded, on a throwaway (or given) profile. */
export async function launchExtension({
  extensionDir = E2E_BUILD,
  profileDir,
  locale = 'en',
  headless = true,
  updatable = false,
}: LaunchOptions = {}) {
  const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'sk-profile-'));
  const home = mkdtempSync(join(tmpdir(), 'sk-xdg-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless,
    locale,
    viewport: { width: 360, height: 640 },
    env: {
      ...process.env,
      XDG_CONFIG_HOME: home,
      XDG_CACHE_HOME: home,
      LANGUAGE: locale,
      LANG: locale === 'ja' ? 'ja_JP.UTF-8' : 'en_US.UTF-8',
    },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--lang=${locale}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(updatable ? ['--enable-unsafe-extension-debugging'] : []),
    ],
  });
  context.setDefaultTimeout(10_000);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return new ExtensionSession(context, worker, extensionId, profile, home, extensionDir);
}

/** A running browser with the extension: its pages, its worker, and a way to stop. */
export class ExtensionSession {
  constructor(
    readonly context: BrowserContext,
    readonly worker: Worker,
    readonly extensionId: string,
    readonly profileDir: string,
    private readonly home: string,
    readonly extensionDir: string,
  ) {}

  url(page: 'popup' | 'options'): string {
    return `chrome-extension://${this.extensionId}/${page}.html`;
  }

  /** Opens a page of the extension in a tab (the popup at its own 360 px width; the settings page at a place, e.g. `settings`). */
  async open(page: 'popup' | 'options', place?: string): Promise<Page> {
    const tab = await this.context.newPage();
    if (page === 'options') await tab.setViewportSize({ width: 900, height: 1000 });
    await tab.goto(this.url(page) + (place ? `#${place}` : ''));
    return tab;
  }

  /** The current service worker (a restarted one after the old one stopped). */
  currentWorker(): Worker {
    return this.context.serviceWorkers()[0] ?? this.worker;
  }

  async badge() {
    return this.currentWorker().evaluate(async () => ({
      text: await chrome.action.getBadgeText({}),
      color: await chrome.action.getBadgeBackgroundColor({}),
      title: await chrome.action.getTitle({}),
    }));
  }

  async notifications(): Promise<string[]> {
    return this.currentWorker().evaluate(async () =>
      Object.keys(await chrome.notifications.getAll()),
    );
  }

  async storage(): Promise<Record<string, unknown>> {
    return this.currentWorker().evaluate(() => chrome.storage.local.get(null));
  }

  /** Stores accounts as the Settings page does (after clearing everything, if asked). */
  async storeAccounts(accounts: Account[], { clear = false } = {}) {
    await this.currentWorker().evaluate(
      async ([items, wipe]) => {
        if (wipe) await chrome.storage.local.clear();
        await chrome.storage.local.set(items);
      },
      [accountItems(accounts), clear] as const,
    );
  }

  /** Stores usage histories (by account id) as the background leaves them. */
  async storeHistory(history: Record<string, unknown>) {
    await this.currentWorker().evaluate(
      (value) => chrome.storage.local.set(value),
      historyItems(history),
    );
  }

  /** Stores activity logs (by account id) as the background leaves them. */
  async storeActivity(activity: Record<string, unknown>) {
    await this.currentWorker().evaluate(
      (value) => chrome.storage.local.set(value),
      activityItems(activity),
    );
  }

  /** Stores settings as the Settings page does: the defaults but `changed`. */
  async storeSettings(changed: Partial<Settings> = {}) {
    await this.currentWorker().evaluate(
      (items) => chrome.storage.local.set(items),
      settingsItems(changed),
    );
  }

  /**
   * Waits until the background has checked an account once (both checks) and is done with it,
   * and returns its snapshot. Done means unchanged for a while: after the checks the run still
   * records the account's alerts, and a patch written in between would be overwritten.
   */
  async checkedSnapshot(accountId: string): Promise<AccountSnapshot> {
    let previous = '';
    for (
      const deadline = Date.now() + 20_000;
      Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 500))
    ) {
      const snapshot = (
        (await this.storage()).snapshots as Record<string, AccountSnapshot> | undefined
      )?.[accountId];
      if (
        snapshot?.keepAlive.lastAttemptAt === undefined ||
        snapshot.refresh.lastAttemptAt === undefined
      )
        continue;
      if (JSON.stringify(snapshot) === previous) return snapshot;
      previous = JSON.stringify(snapshot);
    }
    throw new Error(`${accountId} was not checked (and then left alone) within 20 s`);
  }

  /**
   * Overwrites parts of an account's stored snapshot after its first check: states the simulator
   * cannot produce, such as a blocked host or data written by another version.
   */
  async patchSnapshot(accountId: string, patch: Record<string, unknown>) {
    const current = await this.checkedSnapshot(accountId);
    await this.currentWorker().evaluate(
      async ([id, value]) => {
        const { snapshots = {} } = await chrome.storage.local.get('snapshots');
        await chrome.storage.local.set({ snapshots: { ...(snapshots as object), [id]: value } });
      },
      [accountId, { ...current, ...patch }] as const,
    );
  }

  /**
   * Stops the extension's service worker the way Chrome's own extension samples do in their
   * tests: by closing its DevTools target, as the browser stops an idle worker. Resolves once
   * Chrome reports it stopped (Playwright keeps its Worker handle and uses the next worker
   * through it); the next event (an alarm, a message) starts a new one.
   */
  async stopWorker(): Promise<void> {
    const page = this.context.pages()[0] ?? (await this.context.newPage());
    const cdp = await this.context.newCDPSession(page);
    const ours = (url: string) => url.startsWith(`chrome-extension://${this.extensionId}/`);
    try {
      const stopped = new Promise<void>((resolve) =>
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (versions.some((v) => ours(v.scriptURL) && v.runningStatus === 'stopped')) resolve();
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const { targetInfos } = await cdp.send('Target.getTargets');
      const target = targetInfos.find((t) => t.type === 'service_worker' && ours(t.url));
      if (!target) throw new Error('The extension has no running service worker to stop');
      await cdp.send('Target.closeTarget', { targetId: target.targetId });
      await stopped;
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Updates the extension in place, as the browser updates an installed one: its folder gets the
   * build's files and the browser loads that folder again (the same path keeps the id), which
   * stops and unregisters the old worker and starts the new one (runtime.onInstalled: 'update').
   * Launch with `updatable`. Replacing the files and restarting the browser is not enough:
   * Chromium keeps running the registered worker's old script, whatever the manifest's version.
   */
  async updateInPlace(build: string): Promise<void> {
    rmSync(this.extensionDir, { recursive: true, force: true });
    cpSync(build, this.extensionDir, { recursive: true });
    const started = this.context.waitForEvent('serviceworker');
    const cdp = await this.context.browser()!.newBrowserCDPSession();
    try {
      await cdp.send('Extensions.loadUnpacked', { path: this.extensionDir });
    } finally {
      await cdp.detach();
    }
    await started;
  }

  async alarms() {
    return this.currentWorker().evaluate(() => chrome.alarms.getAll());
  }

  /** Closes the browser; the profile is kept when `keepProfile` (for a restart). */
  async close({ keepProfile = false } = {}) {
    await this.context.close();
    rmSync(this.home, { recursive: true, force: true });
    if (!keepProfile) rmSync(this.profileDir, { recursive: true, force: true });
  }
}
