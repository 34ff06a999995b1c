import type { Page } from 'playwright-core';
import { accountIdentity, type Account } from '../../../lib/store/accounts';
import { packPoints, type HistoryPoint } from '../../../lib/store/history';
import { packActivity, type ActivityEntry } from '../../../lib/store/activity';
import { DEFAULT_SETTINGS } from '../../../lib/store/settings';
import { GIB as GB } from '../../../lib/basics/bytes';
import { demoAccount, type SimAccount, type Simulator } from '../../simulator/simulator';
import { storedAccount } from '../../simulator/stored-account';
import type { ExtensionSession } from '../chromium';
import { SettingsPage, Popup } from '../chromium-pages';

// Every state of the popup and the Settings page a user can meet, each opened as a user would
// see it: for screenshots, axe-core and the Japanese walk alike.

const MINUTE = 60_000;
/** A day in the e2e build (WXT_TIME_SCALE 720): two minutes. */
const E2E_DAY_MS = 120_000;

/** The simulated accounts behind the states: one calm, one nearly full, one to break (a 100 GB contract, no bonus), one whose bonus ends. */
export function stateAccounts(now = Date.now()): SimAccount[] {
  return [
    demoAccount({}, now),
    demoAccount(
      {
        userId: 'photos',
        password: 'pw-photos',
        apiKey: 'key-photos',
        quota: 20 * GB,
        used: Math.round(19.3 * GB),
        bonus: undefined,
      },
      now,
    ),
    demoAccount(
      {
        userId: 'archive',
        password: 'pw-archive',
        apiKey: 'key-archive',
        capacityGb: 100,
        quota: 100 * GB,
        used: 31 * GB,
        bonus: undefined,
      },
      now,
    ),
    // Its +8 GB bonus ends within 30 of the build's days (an hour), and 22.5 GB do not fit in 20 GB.
    demoAccount(
      {
        userId: 'bonus',
        password: 'pw-bonus',
        apiKey: 'key-bonus',
        used: Math.round(22.5 * GB),
        bonus: { sinceMs: now - 60 * MINUTE, untilMs: now + 50 * MINUTE, increaseGb: 8 },
      },
      now,
    ),
  ];
}

/** What the import states bring that is no simulated account: the user's words too. */
export const IMPORTED_DATA = ['Imported', 'imported-user', 'api.infini-cloud.net'];

/** `days` daily readings up to now, as the e2e build records them (local days of two minutes). */
function history(account: Account, days: number, used: (i: number) => number, quota = 28 * GB) {
  const now = Date.now();
  const today = Math.floor((now - new Date(now).getTimezoneOffset() * MINUTE) / E2E_DAY_MS);
  const points = Array.from({ length: days }, (_, i): HistoryPoint => [
    today - days + 1 + i,
    Math.round(used(i)),
    quota,
  ]);
  return { [account.id]: { identity: accountIdentity(account), points: packPoints(points) } };
}

/**
 * A month of the e2e build's days in an account's activity log: a sign-in each morning and
 * usage updates through the day, one outage retried 40 minutes later. Packed in the build's
 * minutes (1/720 of a real one), so times are multiplied by 720 for this Node-side packer.
 */
export function activity(account: Account, days: number) {
  const now = Date.now();
  const [e2eMinute, e2eHour] = [E2E_DAY_MS / 1440, E2E_DAY_MS / 24];
  const entries: ActivityEntry[] = [];
  const log = (
    at: number,
    check: ActivityEntry['check'],
    trigger: ActivityEntry['trigger'],
    outcome: ActivityEntry['outcome'] = 'ok',
  ) => entries.push({ at: at * 720, check, trigger, outcome });
  for (let back = days; back >= 1; back--) {
    const morning = now - back * E2E_DAY_MS;
    const outage = back === 3;
    log(morning, 'sign-in', outage ? 'schedule' : 'start', outage ? 'network' : 'ok');
    if (outage) log(morning + 40 * e2eMinute, 'sign-in', 'retry');
    for (let hour = 0; hour < 8; hour++)
      log(
        morning + hour * e2eHour,
        'usage',
        hour === 0 && !outage ? 'start' : 'schedule',
        outage && hour === 0 ? 'network' : 'ok',
      );
  }
  return { [account.id]: { identity: accountIdentity(account), entries: packActivity(entries) } };
}

/** A settings file as an export leaves it, without secrets. */
const settingsFile = (accounts: Pick<Account, 'baseUrl' | 'userId' | 'label'>[]) =>
  JSON.stringify({
    format: 'storage-keeper-settings',
    version: 1,
    secrets: false,
    accounts,
    settings: QUIET_SETTINGS,
  });

/** The Settings page with a settings file chosen in its import field. */
async function optionsImporting(context: StateContext, file: string) {
  await context.browser.storeAccounts([stored(context.sim, 'demo-user', 'Personal')]);
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

/** The names the states give accounts: the user's words, not the extension's. */
export const ACCOUNT_LABELS = [
  'Personal',
  'Photos',
  'Archive',
  'Blocked',
  'Damaged',
  'Bonus',
  'Waking',
  'Offline',
  'Throttled',
];

/**
 * Quiet schedules (2 and 14 minutes in the e2e build's scaled time), so no periodic check
 * changes a state while it is looked at.
 */
export const QUIET_SETTINGS = { ...DEFAULT_SETTINGS, refreshMinutes: 1440, keepAliveHours: 168 };

export interface StateContext {
  browser: ExtensionSession;
  sim: Simulator;
  locale: 'en' | 'ja';
}

export interface PageState {
  /** Names the screenshot file: popup-… or options-…. */
  name: string;
  open: (context: StateContext) => Promise<Page>;
  /** Undoes what the state changed in the simulator. */
  after?: (sim: Simulator) => void;
}

const stored = (sim: Simulator, userId: string, label: string, overrides: Partial<Account> = {}) =>
  storedAccount(sim, sim.account(userId), { label, ...overrides });

/** An account entry as a newer or broken version might leave it: one field this version cannot read. */
const damagedEntry = (sim: Simulator) =>
  ({
    ...stored(sim, 'photos', 'Damaged', { id: 'id-damaged' }),
    keyForm: 'both',
  }) as unknown as Account;

/** Stores these accounts and opens the popup on them; with `checkNow`, checked from the popup (Check now). */
async function popupWith(
  { browser, locale }: StateContext,
  accounts: Account[],
  { checkNow = true } = {},
) {
  await browser.storeAccounts(accounts);
  const popup = new Popup(await browser.open('popup'), locale);
  if (accounts.length === 0) return popup;
  await popup.page.getByRole('article').first().waitFor();
  if (checkNow) await popup.checkNow();
  return popup;
}

/** An account checked once by the background, then given a sign-in state the simulator cannot produce. */
async function patched(
  browser: ExtensionSession,
  account: Account,
  failure: Record<string, unknown>,
) {
  await browser.storeAccounts([account]);
  const at = Date.now();
  await browser.patchSnapshot(account.id, {
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      lastAttemptAt: at,
      lastSuccessAt: at - 3_600_000,
    },
  });
}

/** An account checked once, then given a sign-in that failed at `since` and is retried at `retryAt`. */
async function failedSignIn(
  context: StateContext,
  label: string,
  failure: Record<string, unknown>,
  since: number,
  retryAt: number,
) {
  const account = stored(context.sim, 'demo-user', label, { id: `id-${label.toLowerCase()}` });
  await context.browser.storeAccounts([account]);
  const at = Date.now();
  await context.browser.patchSnapshot(account.id, {
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      failingSince: since,
      lastAttemptAt: at,
      lastSuccessAt: at - 3_600_000,
      retryAt,
    },
  });
  const popup = new Popup(await context.browser.open('popup'), context.locale);
  await popup.card(label).waitFor();
  return popup;
}

/** The Settings page with the account form open, beside one account (not the last state's). */
async function settingsForm(context: StateContext) {
  await context.browser.storeAccounts([stored(context.sim, 'demo-user', 'Personal')]);
  const options = new SettingsPage(await context.browser.open('options'), context.locale);
  await options.openNewAccount();
  return options;
}

export const PAGE_STATES: PageState[] = [
  {
    name: 'popup-welcome',
    open: async (c) => {
      const popup = await popupWith(c, []);
      await popup.page.getByRole('button', { name: popup.t('welcomeSetUp') }).waitFor();
      return popup.page;
    },
  },
  {
    name: 'popup-one-account',
    open: async (c) => (await popupWith(c, [stored(c.sim, 'demo-user', 'Personal')])).page,
  },
  {
    name: 'popup-near-full',
    open: async (c) => (await popupWith(c, [stored(c.sim, 'photos', 'Photos')])).page,
  },
  {
    // Good figures first, then the apps password was rejected: the fix at once (a manual
    // re-check moments after the first is held back for 10 s, so the state is patched in).
    name: 'popup-failure',
    open: async (c) => {
      await patched(c.browser, stored(c.sim, 'archive', 'Archive'), {
        kind: 'credentials-rejected',
      });
      const popup = new Popup(await c.browser.open('popup'), c.locale);
      await popup.card('Archive').locator('.failure').waitFor();
      return popup.page;
    },
  },
  {
    // One failed sign-in (a laptop waking before its Wi-Fi): one quiet line, figures and badge calm.
    name: 'popup-transient',
    open: async (c) => {
      const popup = await failedSignIn(
        c,
        'Waking',
        { kind: 'network' },
        Date.now(),
        Date.now() + 5 * 60_000,
      );
      await popup.page.locator('.card__quiet').waitFor();
      return popup.page;
    },
  },
  {
    // Failing for longer than the notices wait (a day; 2 minutes in this build): the failure, the retry, the deletion date.
    name: 'popup-outage',
    open: async (c) => {
      const popup = await failedSignIn(
        c,
        'Offline',
        { kind: 'network' },
        Date.now() - 3_600_000,
        Date.now() + 3_600_000,
      );
      await popup.page.locator('.failure').waitFor();
      return popup.page;
    },
  },
  {
    // An absurd Retry-After (two years): the retry the extension scheduled, in words.
    name: 'popup-retry-after',
    open: async (c) => {
      const popup = await failedSignIn(
        c,
        'Throttled',
        { kind: 'rate-limited', retryAfterMs: 63_072_000_000 },
        Date.now(),
        Date.now() + 86_400_000,
      );
      await popup.page.locator('.card__quiet').waitFor();
      return popup.page;
    },
  },
  {
    // The service asked for two minutes (a 429 just now): Check now sends nothing and says when it can.
    name: 'popup-check-held',
    open: async (c) => {
      const popup = await failedSignIn(
        c,
        'Throttled',
        { kind: 'rate-limited', retryAfterMs: 120_000 },
        Date.now(),
        Date.now() + 120_000,
      );
      await popup.checkNow();
      await popup.page
        .getByRole('status')
        .filter({ hasText: popup.t('checkHeld').split('$1')[0]! })
        .waitFor();
      return popup.page;
    },
  },
  {
    // Several accounts, the first card's details opened.
    name: 'popup-several-details',
    open: async (c) => {
      const popup = await popupWith(c, [
        stored(c.sim, 'demo-user', 'Personal'),
        stored(c.sim, 'photos', 'Photos'),
      ]);
      await popup
        .card('Photos')
        .getByRole('button', { name: popup.t('showDetails') })
        .click();
      await popup.card('Photos').getByText(popup.t('webdavUrl')).waitFor();
      return popup.page;
    },
  },
  {
    name: 'popup-several',
    open: async (c) =>
      (
        await popupWith(c, [
          stored(c.sim, 'demo-user', 'Personal'),
          stored(c.sim, 'photos', 'Photos'),
          stored(c.sim, 'archive', 'Archive', { password: 'old-password' }),
        ])
      ).page,
  },
  {
    // HTTP 403 with the key in the header: the hint suggests the address form.
    name: 'popup-key-refused',
    open: async (c) => {
      const popup = await popupWith(c, [
        stored(c.sim, 'archive', 'Archive', { id: 'id-refused', apiKey: 'mistyped-key' }),
      ]);
      await popup.page.getByText(popup.t('failureApiKeyHeaderHint')).waitFor();
      return popup.page;
    },
  },
  {
    name: 'popup-allow-access',
    open: async (c) => {
      await patched(c.browser, stored(c.sim, 'demo-user', 'Blocked', { id: 'id-blocked' }), {
        kind: 'permission-missing',
        origin: c.sim.nodeUrl,
      });
      const popup = new Popup(await c.browser.open('popup'), c.locale);
      await popup.page
        .getByRole('button', { name: popup.t('allowAccess').replace('$1', c.sim.nodeHost) })
        .waitFor();
      return popup.page;
    },
  },
  {
    // A stored account entry with one field this version cannot read: kept, shown as damaged.
    name: 'popup-damaged',
    open: async (c) => {
      await c.browser.storeAccounts([stored(c.sim, 'demo-user', 'Personal'), damagedEntry(c.sim)]);
      const popup = new Popup(await c.browser.open('popup'), c.locale);
      await popup.page.getByText(popup.t('damagedAccount')).waitFor();
      return popup.page;
    },
  },
  {
    // Data no guard foresaw (a bonus end no date can be made of): that card alone says it cannot be shown.
    name: 'popup-unreadable',
    open: async (c) => {
      const account = stored(c.sim, 'photos', 'Damaged', { id: 'id-damaged' });
      await c.browser.storeAccounts([account]);
      const { user } = await c.browser.checkedSnapshot(account.id);
      const bonus = {
        since: { epochMs: 0, raw: '' },
        until: { epochMs: 1e300, raw: '' },
        increaseGb: 8,
      };
      await c.browser.patchSnapshot(account.id, {
        user: { ...user, apiKey: { ...user?.apiKey, bonus } },
      });
      const popup = new Popup(await c.browser.open('popup'), c.locale);
      await popup.page.getByText(popup.t('accountUnreadable')).waitFor();
      return popup.page;
    },
  },
  {
    // Forty days of history rising about 0.2 GB a day, and a bonus about to end that the usage
    // will not fit without: the sparkline, and the warning alone (no forecast repeating its date).
    name: 'popup-outlook',
    open: async (c) => {
      const account = stored(c.sim, 'bonus', 'Bonus');
      await c.browser.storeHistory(history(account, 40, (i) => 14.5 * GB + i * 0.2 * GB));
      const popup = await popupWith(c, [account]);
      await popup.page.getByRole('img').waitFor();
      await popup.page.getByText(popup.t('bonusEnding').split('$3')[1]!.trim()).waitFor();
      return popup.page;
    },
  },
  {
    name: 'options-damaged',
    open: async (c) => {
      await c.browser.storeAccounts([stored(c.sim, 'demo-user', 'Personal'), damagedEntry(c.sim)]);
      const options = new SettingsPage(await c.browser.open('options'), c.locale);
      await options.page.getByText(options.t('damagedAccount')).waitFor();
      return options.page;
    },
  },
  {
    name: 'options-list',
    open: async (c) => {
      await c.browser.storeAccounts([
        stored(c.sim, 'demo-user', 'Personal'),
        stored(c.sim, 'archive', 'Archive', { password: 'old-password' }),
      ]);
      const options = new SettingsPage(await c.browser.open('options'), c.locale);
      await options.page.getByText(options.t('failureCredentialsRejected')).waitFor();
      return options.page;
    },
  },
  {
    name: 'options-history',
    open: async (c) => {
      const account = stored(c.sim, 'archive', 'Archive');
      await c.browser.storeHistory(
        history(account, 120, (i) => 20 * GB + i * 0.1 * GB + (i % 7) * 0.3 * GB, 100 * GB),
      );
      await c.browser.storeAccounts([account]);
      const options = new SettingsPage(await c.browser.open('options', 'history'), c.locale);
      await options.page.getByRole('button', { name: options.t('downloadCsv') }).waitFor();
      return options.page;
    },
  },
  {
    name: 'options-activity',
    open: async (c) => {
      const account = stored(c.sim, 'archive', 'Archive');
      await c.browser.storeActivity(activity(account, 30));
      await c.browser.storeAccounts([account]);
      const options = new SettingsPage(await c.browser.open('options', 'activity'), c.locale);
      const log = options.page.getByRole('article', { name: 'Archive' });
      await log.getByRole('button', { name: options.t('activityDownloadCsv') }).waitFor();
      await log.scrollIntoViewIfNeeded();
      return options.page;
    },
  },
  {
    // One account the browser has, the same in the file (left alone), one it has not (added, without its secrets); the box for secrets ticked.
    name: 'options-import-preview',
    open: async (c) => {
      const user = c.sim.account('demo-user');
      const options = await optionsImporting(
        c,
        settingsFile([
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
  },
  {
    name: 'options-import-error',
    open: async (c) => {
      const options = await optionsImporting(
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
  },
  {
    name: 'options-imported',
    open: async (c) => {
      const options = await optionsImporting(
        c,
        settingsFile([
          { baseUrl: 'https://api.infini-cloud.net', userId: 'imported-user', label: 'Imported' },
        ]),
      );
      await options.page
        .getByRole('button', { name: options.t('importApply'), exact: true })
        .click();
      await options.page
        .getByText(options.t('importDone').replace('$1', '1').replace('$2', '0'))
        .waitFor();
      await options.showSection('accountsHeading');
      await options.page.getByText(options.t('failureNeedsSecrets')).waitFor();
      return options.page;
    },
  },
  { name: 'options-form', open: async (c) => (await settingsForm(c)).page },
  {
    // What a new user gets on install: the walk-through, then the form for the first account.
    name: 'options-setup',
    open: async (c) => {
      const options = new SettingsPage(await c.browser.open('options', 'setup'), c.locale);
      await options.page.getByRole('heading', { name: options.t('setupTitle') }).waitFor();
      await options.page.getByLabel(options.t('fieldUserId'), { exact: true }).waitFor();
      return options.page;
    },
  },
  {
    // One account edited while the list stays in view, each entry with its sign-ins.
    name: 'options-edit',
    open: async (c) => {
      await c.browser.storeAccounts([
        stored(c.sim, 'demo-user', 'Personal'),
        stored(c.sim, 'archive', 'Archive'),
      ]);
      const options = new SettingsPage(await c.browser.open('options'), c.locale);
      await options.page
        .getByText(options.t('lastSignIn').split('$1')[0]!.trim())
        .first()
        .waitFor();
      await options.editAccount('Archive');
      await options.page
        .getByRole('heading', { name: options.t('editAccountTitle').replace('$1', 'Archive') })
        .waitFor();
      return options.page;
    },
  },
  {
    name: 'options-settings',
    open: async (c) => {
      const options = new SettingsPage(await c.browser.open('options', 'settings'), c.locale);
      await options.page.getByRole('button', { name: options.t('saveSettings') }).waitFor();
      return options.page;
    },
  },
  {
    name: 'options-errors',
    open: async (c) => {
      const options = await settingsForm(c);
      await options.page.getByRole('button', { name: options.t('save'), exact: true }).click();
      await options.page.getByText(options.t('errorRequired')).first().waitFor();
      return options.page;
    },
  },
  {
    // The browser's permission prompt for a custom server stays open (headless too).
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
  },
  {
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
  },
];
