/** A service timestamp: the epoch time when it parses, and always the text as sent. */
export interface ServiceTime {
  epochMs: number | null;
  raw: string;
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
const JST_OFFSET_MS = 9 * 3_600_000;

/**
 * Reads `yyyy-MM-dd HH:mm:ss.s` as Japan time (UTC+09:00): the service is in Japan and its
 * timestamps carry no zone. Anything else keeps only its raw text.
 */
export function parseServiceTime(raw: string): ServiceTime {
  const match = PATTERN.exec(raw.trim());
  if (!match) return { epochMs: null, raw };
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = Number(`0.${match[7] ?? '0'}`);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 over to March: a date that does not round-trip is not a date.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  ) {
    return { epochMs: null, raw };
  }
  return { epochMs: utc - JST_OFFSET_MS + Math.round(fraction * 1000), raw };
}
