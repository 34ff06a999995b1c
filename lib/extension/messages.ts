import { defineExtensionMessaging } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import type { ConnectionReport, ServiceCredentials } from '../service/client';
import type { CheckAnswer, TestStopped } from '../outlook/command-replies';

export type { CheckAnswer, ConnectionReport, TestStopped };

/** Every command the pages send to the background, with its reply. */
export interface ProtocolMap {
  /**
   * A full check of one account (or all) now: getUser, then the capacity call. Resolves when
   * done, with how long the service's wait still holds an account's check back (nothing is sent
   * for it meanwhile): the background decides it from the snapshots its run read, so the page
   * says exactly what this click did.
   */
  checkNow(data: { accountId?: string }): CheckAnswer;
  /**
   * A key refused in the header: the stored account, as the page showed it (`revision`), sends it
   * in the address from now on, and is checked at once (the answer: as checkNow's); `newer`: the
   * account was changed or removed since, and nothing was changed.
   */
  useAddressForm(data: { accountId: string; revision: string }): CheckAnswer | { newer: true };
  /**
   * Runs getUser and the capacity call with unsaved settings; stores nothing. A check of the
   * account `accountId` (the form's): a change of it announced meanwhile stops it.
   */
  testConnection(data: {
    draft: ServiceCredentials;
    accountId: string;
  }): ConnectionReport | TestStopped;
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
