import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Messages = Record<string, { message: string }>;
const messages = (locale: string): Messages =>
  JSON.parse(readFileSync(resolve(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8'));

/** What the fake browser lacks: i18n from our real messages.json, and host permissions. */
export function installFakeExtensionApis({
  locale = 'en',
  granted = () => true,
}: { locale?: 'en' | 'ja'; granted?: (origin: string) => boolean } = {}) {
  const table = messages(locale);
  const fallback = messages('en');
  Object.assign(fakeBrowser, {
    i18n: {
      getUILanguage: () => locale,
      getMessage: (key: string, substitutions?: string | string[]) => {
        const subs = substitutions === undefined ? [] : [substitutions].flat();
        const text = (table[key] ?? fallback[key])?.message ?? '';
        return text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
      },
    },
    runtime: Object.assign(fakeBrowser.runtime, {
      // As the browser delivers a message from one of our pages: with our id as the sender,
      // answered by the first listener's promise (the fake would answer only sendResponse).
      sendMessage: async (message: unknown) => {
        const replies = await fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, () => {});
        return replies.find((reply) => reply !== undefined);
      },
    }),
    permissions: {
      contains: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
      request: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
    },
  });
}
