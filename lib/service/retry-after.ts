const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The three HTTP-date forms a recipient must accept (RFC 9110, 5.6.7), all in GMT.
const HTTP_DATES = [
  /^[A-Z][a-z]{2}, (?<d>\d{2}) (?<m>[A-Z][a-z]{2}) (?<y>\d{4}) (?<t>\d{2}:\d{2}:\d{2}) GMT$/,
  /^[A-Z][a-z]{5,8}, (?<d>\d{2})-(?<m>[A-Z][a-z]{2})-(?<y>\d{2}) (?<t>\d{2}:\d{2}:\d{2}) GMT$/,
  /^[A-Z][a-z]{2} (?<m>[A-Z][a-z]{2}) (?<d>[ \d]\d) (?<t>\d{2}:\d{2}:\d{2}) (?<y>\d{4})$/,
];

/**
 * Retry-After (delta-seconds or an HTTP date) in ms from now; a past date is 0. Anything else,
 * a negative number or one too large to count exactly, is undefined: it says nothing. Capping
 * an absurd but valid delay is the scheduler's job.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isSafeInteger(ms) ? ms : undefined;
  }
  const date = parseHttpDate(text);
  return date === undefined ? undefined : Math.max(0, date - now);
}

function parseHttpDate(text: string): number | undefined {
  for (const pattern of HTTP_DATES) {
    const parts = pattern.exec(text)?.groups;
    if (!parts) continue;
    const month = MONTHS.indexOf(parts.m!) + 1;
    // RFC 850's two-digit year: 70 to 99 are the 1900s (HTTP began after), the rest this century.
    const year =
      parts.y!.length === 2
        ? Number(parts.y) + (Number(parts.y) >= 70 ? 1900 : 2000)
        : Number(parts.y);
    const iso = `${year}-${String(month).padStart(2, '0')}-${parts.d!.trim().padStart(2, '0')}T${parts.t}Z`;
    const ms = month > 0 ? Date.parse(iso) : NaN;
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}
