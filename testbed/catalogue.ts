import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';

/**
 * A locale's messages as the browser receives them: lib/i18n/locales/<locale>.json through the same
 * conversion @wxt-dev/i18n applies when it writes _locales/<locale>/messages.json.
 */
export function catalogue(locale: string): Record<string, string> {
  const text = readFileSync(resolve(process.cwd(), 'lib/i18n/locales', `${locale}.json`), 'utf8');
  const messages = generateChromeMessages(parseMessagesText(text, 'JSON5'));
  return Object.fromEntries(Object.entries(messages).map(([key, { message }]) => [key, message]));
}
