import { t } from './translate';
import { GIB } from '../basics/bytes';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../basics/time';

// Intl formatters are slow to make (a popup of ten accounts made dozens, a few ms in all): each
// is made once per kind, locale and options.
const formatters = new Map<string, unknown>();
function formatter<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  if (!formatters.has(key)) formatters.set(key, make());
  return formatters.get(key) as T;
}
const number = (locale: string, options: Intl.NumberFormatOptions) =>
  formatter('number', locale, options, () => new Intl.NumberFormat(locale, options));
const date = (locale: string, options: Intl.DateTimeFormatOptions) =>
  formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** Bytes in human units (binary steps, as the service's GB capacities are), e.g. "12.3 GB". */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return number(locale, {
    style: 'unit',
    unit: UNITS[unit],
    maximumFractionDigits: value < 100 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** Gigabytes as the service counts them. */
export function formatGb(gb: number, locale: string): string {
  return formatBytes(gb * GIB, locale);
}

/**
 * A percentage as it is shown everywhere (badge, card, tooltip, notice), so no two places
 * disagree: one decimal below 10 % (the badge's four characters hold "5.5%"), whole from there
 * on, rounded half up; but never 100 % before the quota is full (99.5 % and 99.96 % are 99 %),
 * so "100 %" always means full.
 */
export function shownPercent(percent: number): number {
  const shown = percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  return shown >= 100 && percent < 100 ? 99 : shown;
}

/** A percentage in the user's locale, as `shownPercent` rounds it. */
export function formatPercent(percent: number, locale: string): string {
  return number(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    shownPercent(percent) / 100,
  );
}

/** A date and time in the user's locale. */
export function formatDateTime(epochMs: number, locale: string): string {
  return date(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}

/** A date in the user's locale. */
export function formatDate(epochMs: number, locale: string): string {
  return date(locale, { dateStyle: 'medium' }).format(epochMs);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago (or from now), e.g. "3 minutes ago", "in 2 hours". Under a minute it says "just
 * now" behind (or at `now`) and "shortly" ahead: Intl's "this minute" (JA 「1 分以内」) reads the
 * same both ways. Not exported: every time is told either as past (formatAgo) or as due (formatAhead).
 */
function formatRelative(epochMs: number, now: number, locale: string): string {
  const diff = epochMs - now;
  const relative = formatter(
    'relative',
    locale,
    {},
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const step = STEPS.find(([, ms]) => Math.abs(diff) >= ms);
  if (!step) return t(diff > 0 ? 'shortly' : 'justNow');
  return relative.format(Math.round(diff / step[1]), step[0]);
}

/**
 * When a past event (a sign-in, a usage update, a failed check) happened, never after now. One
 * dated after now was recorded while the clock ran ahead and then set right: it did happen, before
 * now, and nothing tells how long before. It is told as now, the latest it can have been: never
 * in the future tense, never with a made-up age.
 */
export const pastAt = (epochMs: number, now: number): number => Math.min(epochMs, now);

/** How long ago a past event happened, e.g. "3 minutes ago", "just now" (one dated after now: see pastAt). */
export const formatAgo = (epochMs: number, now: number, locale: string): string =>
  formatRelative(pastAt(epochMs, now), now, locale);

/** When something due comes, from now: one due already or overdue (the browser was closed) comes "shortly". */
export const formatAhead = (epochMs: number, now: number, locale: string): string =>
  formatRelative(Math.max(epochMs, now + 1), now, locale);

/** A length of time in the largest fitting unit, as the extension counts time: "40 minutes", "3 hours", "2 days". */
export function formatDuration(ms: number, locale: string): string {
  const [unit, size] =
    ms >= 2 * DAY_MS
      ? (['day', DAY_MS] as const)
      : ms >= 2 * HOUR_MS
        ? (['hour', HOUR_MS] as const)
        : (['minute', MINUTE_MS] as const);
  return number(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.round(ms / size));
}
