import { isObject } from '../basics/guards';

/**
 * The revision of a stored value (an account, the settings), derived from its content as an HTTP
 * ETag is: a hash of its canonical JSON (keys sorted at every level). Nothing is stored for it, so
 * an installed copy's data keeps its shape, and two values have the same revision exactly when
 * they hold the same thing: a save names the revision its form started from, and the background
 * refuses it when what is stored is no longer what the user saw.
 */
export function revisionOf(value: unknown): string {
  return hash(canonicalJson(value));
}

/**
 * JSON with every object's keys in one order, so equal values give equal text (the browsers
 * store an object's keys in an order of their own: Chromium gives them back sorted).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** cyrb53: a fast 53-bit string hash (not for secrecy: only to tell two values apart). */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
