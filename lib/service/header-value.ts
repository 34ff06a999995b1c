/**
 * Whether text can travel unchanged as an HTTP header value: printable Latin-1 only, with no
 * surrounding spaces. fetch refuses CR, LF, NUL and anything above U+00FF, HTTP forbids the
 * other control characters, and surrounding spaces would be stripped.
 */
export function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e\xa0-\xff]*$/.test(value) && value.trim() === value;
}
