import type { Page } from 'playwright-core';

/** What may stay in Latin script inside Japanese text: proper names, codes and units. */
const PROPER_NAMES = [
  'Storage Keeper',
  'X-Service-API-KEY',
  'WebDAV',
  'API',
  'URL',
  'HTTP',
  'ID',
  ';api_key=',
  'CSV',
  'JSON',
];
const UNITS = ['PB', 'TB', 'GB', 'MB', 'kB', 'KB', 'byte'];
const ADDRESS = /\b(?:https?:\/\/\S*|[\w-]+(?:\.[\w-]+)+(?::\d+)?|localhost:\d+)/g;

/**
 * Every piece of the page's text a user can meet (visible text, accessible names and
 * descriptions, the title) that still holds Latin script once proper names, the given data
 * (account names, user IDs…), addresses, numbers and units are taken out.
 */
export async function latinLeftovers(page: Page, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attributes = ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt'];
    const found = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('*')) {
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const allowed = [...data, ...PROPER_NAMES].sort((a, b) => b.length - a.length);
  return texts
    .flatMap((text) => text.split('\n'))
    .filter((line) => {
      let rest = line;
      for (const unit of UNITS) rest = rest.replace(new RegExp(`(?<=\\d\\s?)${unit}\\b`, 'g'), ' ');
      rest = rest.replace(ADDRESS, ' ');
      for (const name of allowed) rest = rest.split(name).join(' ');
      return /[A-Za-z]/.test(rest);
    });
}
