// Every name an installed copy keeps, in one place: the storage.local keys, the version each
// item's marker (`<key>$`: `{ v }`) names, the alarm names and the notifications' id prefixes.
// The browser keeps all four across an update, so they are a contract with every installed
// copy: the code uses these constants and no literal of its own, and
// test/unit/structure/stored-names.test.ts holds them to what every kept release stored
// (test/fixtures/releases/). Change one only with a migration, listed in MIGRATIONS with the
// test of the update that runs it (docs/release.md).

/** The accounts, credentials included (@wxt-dev/storage's `area:key`). */
export const ACCOUNTS_KEY = 'local:accounts';
/** Settings shared by all accounts. */
export const SETTINGS_KEY = 'local:settings';
/** What the background last learned about each account. */
export const SNAPSHOTS_KEY = 'local:snapshots';
/** Each account's usage history. */
export const HISTORY_KEY = 'local:history';
/** Its last days, stored apart (no version marker: rewritten from the history at every reading). */
export const RECENT_HISTORY_KEY = 'local:recentHistory';
/** Each account's activity log. */
export const ACTIVITY_KEY = 'local:activity';
/** That the setup page was opened for this install (no version marker: a flag). */
export const SETUP_OPENED_KEY = 'local:setupOpened';

// Each version is a constant of its own: an item definition left out of a bundle then leaves
// nothing behind, where reading a property of one shared object would stay as a dead
// statement (`VERSION.history;`), a property read being a possible side effect to the bundler.
const HISTORY_VERSION = 1;
const ACTIVITY_VERSION = 1;

/** The version each versioned item's marker names (an item without a marker reads as version 1). */
export const VERSION = {
  accounts: 2,
  settings: 1,
  snapshots: 1,
  history: HISTORY_VERSION,
  activity: ACTIVITY_VERSION,
} as const;

/**
 * The settings' fields stored under another name than the product's: the first release's words
 * (the sign-in was the "keep-alive", the usage update the "refresh"). Read and written only at the
 * store's edge (lib/store/settings.ts), and the export file keeps the same names.
 */
export const STORED_SETTING_NAMES = {
  signInHours: 'keepAliveHours',
  usageUpdateMinutes: 'refreshMinutes',
  notifySignIn: 'notifyKeepAlive',
} as const;

/** A snapshot's alerts stored under another name than the product's, likewise (lib/store/account-state.ts). */
export const STORED_ALERT_NAMES = {
  signInNotices: 'keepAliveNotices',
  signInNoticeAt: 'keepAliveNoticeAt',
} as const;

/**
 * The alarms: one periodic alarm per check, and one for the earliest backed-off retry. The sign-in's
 * and the usage update's alarms keep the names the first release gave them.
 */
export const ALARM = { signIn: 'keep-alive', usageUpdate: 'refresh', retry: 'retry' } as const;

/**
 * The notifications' ids are `<prefix>:<account id>`, one prefix per topic. The browser keeps a
 * notification on screen across an update and hands its id back when it is clicked, so a click
 * on one a release showed must still open its page: the sign-in's keeps the name the first
 * release gave it. Made and read only by lib/outlook/notice-ids.ts.
 */
export const NOTICE_ID_PREFIX = {
  signIn: 'keep-alive',
  usage: 'usage',
  forecast: 'forecast',
  bonus: 'bonus',
} as const;

/**
 * Every stored name as a list (for the contract test and a release's record; the code uses the
 * constants above): each key with the version its marker names, or null where no marker is
 * written, the alarms, and the notification id prefixes. Made by a call marked pure, so that a
 * bundle, which never reads it, keeps nothing of it.
 */
export const STORED_NAMES = /* @__PURE__ */ storedNames();

function storedNames() {
  return {
    keys: {
      [ACCOUNTS_KEY]: VERSION.accounts,
      [SETTINGS_KEY]: VERSION.settings,
      [SNAPSHOTS_KEY]: VERSION.snapshots,
      [HISTORY_KEY]: VERSION.history,
      [RECENT_HISTORY_KEY]: null,
      [ACTIVITY_KEY]: VERSION.activity,
      [SETUP_OPENED_KEY]: null,
    } as Record<string, number | null>,
    alarms: Object.values(ALARM) as string[],
    notificationPrefixes: Object.values(NOTICE_ID_PREFIX) as string[],
  };
}

/**
 * A stored name the code no longer uses as a release stored it: a key (at its version), an alarm,
 * a notification id prefix, or a field inside a stored value (`key` and its path, as in the
 * release's record); what the code reads it as now; the function that carries it over; and the
 * test that updates from that release and runs that function.
 */
export interface Migration {
  from: StoredName;
  to: StoredName;
  /** The function that carries it over, `<module>#<export>` (e.g. `lib/store/settings-upgrade.ts#renameSignInHours`): the update test imports it and calls it. */
  by: string;
  /** The update test (test/e2e/update.test.ts or test/e2e-firefox/update.test.ts). */
  test: string;
}

export type StoredName =
  | { key: string; version: number | null }
  | { alarm: string }
  | { notificationPrefix: string }
  | { key: string; field: string };

/**
 * The migrations from what a kept release stored (test/fixtures/releases/), each from a name
 * (a field's type included) a release's record lists; its update test asserts what its function
 * makes of that release's stored data. None: each kept release stored what the code uses. The
 * accounts' v1 → v2 upgrade (accounts-upgrade.ts) is not one: no release stored v1 (0.1.0 stored
 * v2), so the stored-names test would refuse it.
 */
export const MIGRATIONS: readonly Migration[] = [];
