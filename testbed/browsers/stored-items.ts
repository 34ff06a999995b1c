import type { Account } from '../../lib/store/accounts';
import { DEFAULT_SETTINGS, storedSettings, type Settings } from '../../lib/store/settings';
import { recentPart } from '../../lib/store/history';

// What the extension keeps in storage.local, as the items a browser test or the demo writes
// there: each value with its version marker, as the Settings page or the background leaves it.

/** Accounts as the Settings page stores them. */
export function accountItems(accounts: Account[]) {
  return { accounts, accounts$: { v: 2 } };
}

/** Settings as the Settings page stores them (under their stored names): the defaults but `changed`. */
export function settingsItems(changed: Partial<Settings> = {}) {
  return { settings: storedSettings({ ...DEFAULT_SETTINGS, ...changed }), settings$: { v: 1 } };
}

/** Usage histories (by account id) as the background stores them: with their recent part (what the popup reads). */
export function historyItems(history: Record<string, unknown>) {
  return {
    history,
    recentHistory: recentPart(history),
    history$: { v: 1 },
    recentHistory$: { v: 1 },
  };
}

/** Activity logs (by account id) as the background stores them. */
export function activityItems(activity: Record<string, unknown>) {
  return { activity, activity$: { v: 1 } };
}
