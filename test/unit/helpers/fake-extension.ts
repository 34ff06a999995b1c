import { fakeBrowser } from 'wxt/testing/fake-browser';
import { catalogue } from '../../catalogue';

/** What the fake browser lacks: i18n from our real catalogues, and host permissions. */
export function installFakeExtensionApis({
  locale = 'en',
  granted = () => true,
}: { locale?: 'en' | 'ja'; granted?: (origin: string) => boolean } = {}) {
  const table = catalogue(locale);
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
    permissions: {
      contains: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
      request: async ({ origins = [] }: { origins?: string[] }) => origins.every(granted),
    },
  });
}
