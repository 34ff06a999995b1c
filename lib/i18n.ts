import { createI18n } from '@wxt-dev/i18n';
import { browser } from 'wxt/browser';
import type messages from '../public/_locales/en/messages.json';

/** Every message the extension shows; public/_locales/en/messages.json is the list. */
export type MessageKey = keyof typeof messages;

const i18n = createI18n();

/** The message in the browser's language, with $1…$9 filled in. */
export function t(key: MessageKey, substitutions?: readonly (string | number)[]): string {
  return substitutions ? i18n.t(key, [...substitutions]) : i18n.t(key);
}

/** The browser's UI language, for Intl formatting that matches the messages. */
export function uiLocale(): string {
  return browser.i18n.getUILanguage();
}
