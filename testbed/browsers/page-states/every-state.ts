import * as popup from './popup';
import * as failing from './popup-failures';
import * as settingsPage from './settings-page';
import * as accountForm from './settings-form';
import * as importing from './settings-import';
import type { PageState } from './state';

// Every state of the popup and the Settings page a user can meet, each opened as a user would
// see it: for screenshots, axe-core and the Japanese walk alike. In this order: a state opens in
// the browser the one before it left (its stored accounts, histories and snapshots).

export const PAGE_STATES: PageState[] = [
  popup.welcome,
  popup.oneAccount,
  popup.nearFull,
  failing.passwordRejected,
  failing.transient,
  failing.outage,
  failing.retryAfter,
  failing.checkHeld,
  popup.severalDetails,
  popup.several,
  popup.keyRefused,
  failing.allowAccess,
  popup.damaged,
  popup.unreadable,
  popup.outlook,
  settingsPage.damaged,
  settingsPage.list,
  settingsPage.history,
  settingsPage.activity,
  importing.preview,
  importing.invalidFile,
  importing.imported,
  accountForm.form,
  settingsPage.setup,
  settingsPage.edit,
  settingsPage.settingsSection,
  accountForm.errors,
  accountForm.waiting,
  accountForm.keyRefused,
];
