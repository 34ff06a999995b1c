import { defineExtensionMessaging } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import type { ConnectionReport, ServiceCredentials } from '../service/client';
import type { Account } from '../store/accounts';
import type { Settings } from '../store/settings';
import type { CheckAnswer, SaveAnswer, TestStopped } from '../outlook/command-replies';

export type { CheckAnswer, ConnectionReport, SaveAnswer, TestStopped };

/** Every command the pages send to the background, with its reply. */
export interface ProtocolMap {
  /**
   * A full check of one account (or all) now: getUser, then the capacity call. Resolves when
   * done, with how long the service's wait still holds an account's check back (nothing is sent
   * for it meanwhile): the background decides it from the snapshots its run read, so the page
   * says exactly what this click did.
   */
  checkNow(data: { accountId?: string }): CheckAnswer;
  /** A key refused in the header: the stored account sends it in the address from now on, and is checked at once (the answer: as checkNow's). */
  useAddressForm(data: { accountId: string }): CheckAnswer;
  /**
   * Runs getUser and the capacity call with unsaved settings; stores nothing. A check of the
   * account `accountId` (the form's): a change of it announced meanwhile stops it.
   */
  testConnection(data: {
    draft: ServiceCredentials;
    accountId: string;
  }): ConnectionReport | TestStopped;
  // Every change of the stored accounts and settings is one of these commands, carried out in
  // the background's one write queue: no page writes them. The background stops the checks of
  // the accounts a change replaces before it stores it.
  /** Stores one account made from the stored one at `revision` (none: a new account); refused when a newer one is stored. */
  saveAccount(data: { account: Account; revision?: string }): SaveAnswer<Account>;
  /** Removes an account, its checks stopped first. */
  removeAccount(data: { accountId: string }): SaveAnswer;
  /** An import: its accounts and its settings in one write, or neither. */
  importSettings(data: { accounts: Account[]; settings?: Settings }): SaveAnswer;
  /** Removes one damaged entry of the stored list (by its text). */
  removeDamagedEntry(data: { key: string }): SaveAnswer;
  /** "Remove all data". */
  removeAllData(data?: undefined): SaveAnswer;
  /** Stores the settings made from the stored ones at `revision`; refused when newer ones are stored. */
  saveSettings(data: { settings: Settings; revision: string }): SaveAnswer<Settings>;
}

type Handlers = {
  [K in keyof ProtocolMap]: (
    data: Parameters<ProtocolMap[K]>[0],
  ) => Promise<ReturnType<ProtocolMap[K]>>;
};

// A handler that throws (or rejects) reaches the page as a rejected sendMessage, never as
// `undefined`: handlers run async, as a synchronous throw would escape the library.
const messaging = defineExtensionMessaging<ProtocolMap>();

/** Sends a command to the background; rejects when the background fails to carry it out. */
export const sendMessage = messaging.sendMessage;

/** Answers commands from the extension's own pages; a message from anyone else is refused. Returns how to stop. */
export function onMessages(handlers: Handlers): () => void {
  const stops = (Object.keys(handlers) as (keyof ProtocolMap)[]).map((type) =>
    messaging.onMessage(type, async ({ data, sender }) => {
      if (sender.id !== browser.runtime.id)
        throw new Error('Storage Keeper only answers its own pages.');
      return (await (handlers[type] as (data: unknown) => Promise<unknown>)(data)) as never;
    }),
  );
  return () => stops.forEach((stop) => stop());
}
