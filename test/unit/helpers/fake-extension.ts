import { fakeBrowser } from 'wxt/testing/fake-browser';
import { catalogue } from '../../../testbed/catalogue';

/** What the fake browser lacks: i18n from our real catalogues, and host permissions. */
export function installFakeExtensionApis({
  locale = 'en',
  granted = () => true,
}: { locale?: 'en' | 'ja'; granted?: (origin: string) => boolean } = {}) {
  const table = catalogue(locale);
  const onConnect = fakeEvent();
  const fallback = catalogue('en');
  Object.assign(fakeBrowser, {
    i18n: {
      getUILanguage: () => locale,
      getMessage: (key: string, substitutions?: string | string[]) => {
        const subs = substitutions === undefined ? [] : [substitutions].flat();
        const text = table[key] ?? fallback[key] ?? '';
        return text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
      },
    },
    runtime: Object.assign(fakeBrowser.runtime, {
      // A port between a page and the background, as the browser opens one: each end's
      // disconnect fires the other's onDisconnect.
      connect: ({ name }: { name: string }) => {
        const [page, background] = fakePorts(name, { id: fakeBrowser.runtime.id });
        void onConnect.trigger(background);
        return page;
      },
      onConnect,
      // As the browser delivers a message from one of our pages: with our id as the sender,
      // answered by the first listener's promise (the fake would answer only sendResponse).
      sendMessage: async (message: unknown) => {
        const replies = await fakeBrowser.runtime.onMessage.trigger(
          message,
          { id: fakeBrowser.runtime.id },
          () => {},
        );
        return replies.find((reply) => reply !== undefined);
      },
    }),
    permissions: {
      contains: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
      request: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
      onAdded: fakeEvent(),
    },
  });
}

/** Two ends of a port: a message posted on one fires the other's onMessage while they are connected; disconnecting one fires the other's onDisconnect. */
function fakePorts(name: string, sender: { id: string }) {
  const ends = [0, 1].map(() => ({
    name,
    sender,
    onDisconnect: fakeEvent(),
    onMessage: fakeEvent(),
    postMessage: (message: unknown): void => void message,
    disconnect: () => {},
  }));
  let connected = true;
  ends.forEach((end, i) => {
    let open = true;
    // Delivered later, as the browser does: after the sender's turn, if the port is still open.
    end.postMessage = (message: unknown) =>
      queueMicrotask(() => {
        if (connected) void ends[1 - i]!.onMessage.trigger(message, ends[1 - i]);
      });
    end.disconnect = () => {
      if (!open) return;
      open = false;
      connected = false;
      void ends[1 - i]!.onDisconnect.trigger(ends[1 - i]);
    };
  });
  return ends;
}

/** A browser event the fake lacks: listeners, and `trigger` to fire it as the browser would. */
function fakeEvent() {
  const listeners = new Set<(...args: unknown[]) => unknown>();
  return {
    addListener: (listener: (...args: unknown[]) => unknown) => void listeners.add(listener),
    removeListener: (listener: (...args: unknown[]) => unknown) => void listeners.delete(listener),
    hasListener: (listener: (...args: unknown[]) => unknown) => listeners.has(listener),
    trigger: (...args: unknown[]) =>
      Promise.all([...listeners].map((listener) => listener(...args))),
  };
}
