import { browser } from 'wxt/browser';
import type { Result } from './failures';
import type { DatasetCapacity, UserInfo } from './service-schemas';
import type { AccountDraft } from './validation';

/** What a test of unsaved account settings found, call by call. */
export interface ConnectionReport {
  user: Result<UserInfo>;
  /** Absent when getUser failed, so the node is unknown. */
  capacity?: Result<DatasetCapacity>;
  /** The node server's origin, so the options page can ask for its permission. */
  nodeOrigin?: string;
}

/** Every command the pages send to the background, with its reply. */
export interface Protocol {
  /** Refresh one account (or all) now; resolves when done. */
  refresh: { request: { accountId?: string }; response: void };
  /** Run getUser and the capacity call with unsaved settings; stores nothing. */
  testConnection: { request: AccountDraft; response: ConnectionReport };
}

export type MessageType = keyof Protocol;
type Message<K extends MessageType = MessageType> = { type: K; data: Protocol[K]['request'] };
export type Handlers = { [K in MessageType]: (data: Protocol[K]['request']) => Promise<Protocol[K]['response']> };

/** Sends a command to the background and waits for its reply. */
export function sendMessage<K extends MessageType>(
  type: K,
  data: Protocol[K]['request'],
): Promise<Protocol[K]['response']> {
  return browser.runtime.sendMessage({ type, data } satisfies Message<K>);
}

/** Answers commands from the extension's own pages; anything else is ignored. */
export function onMessages(handlers: Handlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id || !isMessage(message)) return false;
    const handler = handlers[message.type] as (data: unknown) => Promise<unknown>;
    // Reply through sendResponse and keep the channel open: Chrome ignores a returned promise.
    void handler(message.data).then(sendResponse, () => sendResponse(undefined));
    return true;
  });
}

function isMessage(value: unknown): value is Message {
  const type = (value as Partial<Message> | null)?.type;
  return type === 'refresh' || type === 'testConnection';
}
