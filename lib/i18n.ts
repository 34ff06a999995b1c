import { browser } from 'wxt/browser';
import { i18n, type GeneratedI18nStructure } from '#i18n';

/** Every message the extension shows: generated from lib/locales/en.json by @wxt-dev/i18n. */
export type MessageKey = Exclude<keyof GeneratedI18nStructure, `@@${string}`>;

/** The module's typed `t`, called with a key and substitutions it cannot pair by count here. */
const translate = i18n.t as (key: string, substitutions?: (string | number)[]) => string;

/** The message in the browser's language, with $1…$9 filled in. */
export function t(key: MessageKey, substitutions?: readonly (string | number)[]): string {
  return substitutions ? translate(key, [...substitutions]) : translate(key);
}

/** The browser's UI language, for Intl formatting that matches the messages. */
export function uiLocale(): string {
  return browser.i18n.getUILanguage();
}
