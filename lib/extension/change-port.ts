import { browser } from 'wxt/browser';
import { isObject } from '../basics/guards';
import type { Change, ChangeKind, OutcomeOf } from '../store/changes';

type Port = ReturnType<typeof browser.runtime.connect>;

// A page's change of the stored data travels on one port, opened at the click (before the
// browser's permission prompt): while it is open, the background holds the checks of the account
// it names, so nothing more goes out with what the user is replacing; the change goes out on it,
// and its answer comes back on it. The port's close (the answer read, the change given up, the
// page gone) ends the hold.

const PREFIX = 'change:';
/** Reconnections in a row after the background stopped (its ports close with it), before giving up. */
const RECONNECTS = 10;
/** What the background posts on the port once it holds the checks: the reconnections in a row start again. */
const HELD = 'held';
/** How long a page waits for a change's answer (ms): only the background's write queue stands before it. */
export const CHANGE_LIMIT_MS = 30_000;

/** No answer came: none within the limit, or the background stopped after the change went out. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/** A change being made from a page: sent once, then closed. */
export interface PendingChange {
  /** Sends the change and resolves with its answer; rejects with NoAnswer. Closes the port after. */
  send<K extends ChangeKind>(change: Extract<Change, { kind: K }>): Promise<OutcomeOf<K>>;
  /** Given up before it was sent (a refused prompt, an invalid form): the hold ends. */
  close(): void;
}

/**
 * Begins a change of the account `accountId` (none: of every account, an import or "Remove all
 * data") at the click, no await before it: every check of that account is held from now until
 * the change is stored, or given up. A background that stops before the change is sent is held again as it starts.
 */
export function beginChange(accountId = ''): PendingChange {
  let port: Port | undefined;
  let open = true;
  let reconnects = RECONNECTS;
  let waiting: ((answer: unknown) => void) | undefined;
  let lost: (() => void) | undefined;
  const connect = () => {
    port = browser.runtime.connect({ name: PREFIX + accountId });
    port.onMessage.addListener((message: unknown) => {
      if (message === HELD) reconnects = RECONNECTS;
      else if (isObject(message) && 'answer' in message) waiting?.(message.answer);
    });
    port.onDisconnect.addListener(() => {
      if (lost) lost();
      else if (open && reconnects-- > 0) connect();
      // Given up: a change sent now has no answer at once, not after the wait.
      else port = undefined;
    });
  };
  connect();
  const close = () => {
    open = false;
    port?.disconnect();
  };
  return {
    close,
    send: <K extends ChangeKind>(change: Extract<Change, { kind: K }>) =>
      new Promise<OutcomeOf<K>>((resolve, reject) => {
        const timer = setTimeout(() => lost?.(), CHANGE_LIMIT_MS);
        const settle = () => {
          clearTimeout(timer);
          waiting = lost = undefined;
          close();
        };
        waiting = (answer) => {
          settle();
          resolve(answer as OutcomeOf<K>);
        };
        lost = () => {
          settle();
          reject(new NoAnswer(change.kind));
        };
        if (!open || !port) return lost();
        port.postMessage({ change });
      }),
  };
}

/** One page's change as the background sees it: its hold is taken as it connects. */
export interface ChangeSession {
  carryOut(change: Change): Promise<unknown>;
  /** The port closed: the page's hold ends, if its change has not ended it. */
  close(): void;
}

/**
 * Hears the pages' changes (`open`: a session for the account the port names, or none); each
 * change is carried out and answered on its port. Returns how to stop.
 */
export function onChanges(open: (accountId: string | undefined) => ChangeSession): () => void {
  const listener = (port: Port) => {
    if (!port.name.startsWith(PREFIX) || port.sender?.id !== browser.runtime.id) return;
    const session = open(port.name.slice(PREFIX.length) || undefined);
    let closed = false;
    port.onDisconnect.addListener(() => {
      closed = true;
      session.close();
    });
    /** The page's change, carried out and answered on its port (still open). */
    const hear = (message: unknown) => {
      if (!isObject(message) || !isObject(message.change)) return;
      void session.carryOut(message.change as unknown as Change).then((answer) => {
        if (!closed) port.postMessage({ answer });
      });
    };
    port.onMessage.addListener(hear);
    port.postMessage(HELD);
  };
  browser.runtime.onConnect.addListener(listener);
  return () => browser.runtime.onConnect.removeListener(listener);
}
