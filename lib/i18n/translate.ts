import { browser } from 'wxt/browser';
import type { GeneratedI18nStructure } from '#i18n';

/** Every message the extension shows: the keys @wxt-dev/i18n generates from lib/i18n/locales/en.json. */
export type MessageKey = Exclude<keyof GeneratedI18nStructure, `@@${string}`>;

/**
 * The message in the browser's language, with $1…$9 filled in. The module's generated keys type
 * it; the browser's own getMessage reads it (the module's runtime adds plural forms we do not
 * use, at half a kilobyte in every page).
 */
export function t(key: MessageKey, substitutions?: readonly (string | number)[]): string {
  return getMessage(key, substitutions?.map(String));
}

/** The browser's typing knows only its predefined @@ keys; ours are typed above. */
const getMessage = (key: string, substitutions?: string[]) =>
  (browser.i18n.getMessage as (key: string, substitutions?: string[]) => string)(
    key,
    substitutions,
  );

/** The browser's UI language, for Intl formatting that matches the messages. */
export function uiLocale(): string {
  return browser.i18n.getUILanguage();
}
