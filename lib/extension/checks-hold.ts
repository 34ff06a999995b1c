import { browser } from 'wxt/browser';

type Port = ReturnType<typeof browser.runtime.connect>;

// The hold a page puts on an account's checks at the click on Save, before the browser's
// permission prompt and before the messaging library is loaded: a port, opened at once, whose
// life is the hold's. Closing it (the change stored or given up), or the page going away,
// releases it.

const PREFIX = 'hold-checks:';
/** Reconnections in a row after the background stopped (its ports close with it), before giving up. */
const RECONNECTS = 10;
/** What the background posts on the port once it holds the checks: the reconnections in a row start again. */
const HELD = 'held';

/**
 * Holds every check of the account `accountId` from now (no await: call it first in the click)
 * until the returned function is called. A background that stops meanwhile is held again as it
 * starts.
 */
export function holdChecks(accountId: string): () => void {
  let port: Port | undefined;
  let held = true;
  let reconnects = RECONNECTS;
  const connect = () => {
    port = browser.runtime.connect({ name: PREFIX + accountId });
    port.onMessage.addListener((message) => {
      if (message === HELD) reconnects = RECONNECTS;
    });
    port.onDisconnect.addListener(() => {
      if (held && reconnects-- > 0) connect();
    });
  };
  connect();
  return () => {
    held = false;
    port?.disconnect();
  };
}

/** Hears the pages' holds (`hold`: puts one on, returns its release); returns how to stop. */
export function onHoldChecks(hold: (accountId: string) => () => void): () => void {
  const listener = (port: Port) => {
    if (!port.name.startsWith(PREFIX) || port.sender?.id !== browser.runtime.id) return;
    port.onDisconnect.addListener(hold(port.name.slice(PREFIX.length)));
    port.postMessage(HELD);
  };
  browser.runtime.onConnect.addListener(listener);
  return () => browser.runtime.onConnect.removeListener(listener);
}
