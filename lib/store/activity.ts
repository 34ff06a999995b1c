// An account's activity log: each sign-in and usage update of the last 90 days, why it ran and
// how it ended. Pure: storage is lib/store/reads.ts and writes.ts; the words are the pages'.
import type { Failure } from '../service/failures';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../basics/time';

/** Which call was made: getUser (a sign-in) or the capacity call (a usage update). */
type ActivityCheck = 'sign-in' | 'usage';

/**
 * Why it ran: its schedule, the catch-up when the browser or worker starts, a backed-off
 * retry, "Check now", host access just granted, or changed settings or accounts.
 */
export type ActivityTrigger = 'schedule' | 'start' | 'retry' | 'manual' | 'permission' | 'settings';

/** How it ended: ok, or the kind of failure (its words are looked up when shown). */
type ActivityOutcome = 'ok' | Failure['kind'];

export interface ActivityEntry {
  at: number;
  check: ActivityCheck;
  trigger: ActivityTrigger;
  outcome: ActivityOutcome;
}

/** An account's entries, oldest first, and whose they are (server and user ID). */
export interface AccountActivity {
  identity: string;
  entries: ActivityEntry[];
}

/** Days kept, counted back from now. */
export const ACTIVITY_DAYS = 90;

/**
 * At most this many entries per account (the oldest go first): about 30 KB stored, whatever
 * happens. Thinning (below) keeps the shortest intervals allowed well under it.
 */
export const ACTIVITY_MAX_ENTRIES = 5000;

/**
 * A usage update that ends like the previous one logged (not by "Check now") is not logged
 * again within this time: updates every 5 minutes would fill the log 12 times over.
 */
const USAGE_THINNING_MS = HOUR_MS;

/**
 * The log with an entry added: entries older than ACTIVITY_DAYS before `now` dropped (counted
 * from now, so a clock once set ahead cannot wipe the log), another identity's log started
 * over, repeated usage updates thinned, and at most ACTIVITY_MAX_ENTRIES kept.
 */
export function addActivity(
  log: AccountActivity | undefined,
  identity: string,
  entry: ActivityEntry,
  now: number,
): AccountActivity {
  const own = log?.identity === identity ? log.entries : [];
  const cutoff = now - ACTIVITY_DAYS * DAY_MS;
  const kept = (own[0]?.at ?? Infinity) > cutoff ? own : own.filter((e) => e.at > cutoff); // oldest first: often nothing to drop
  const lastUsage = kept.findLast((e) => e.check === 'usage' && e.at <= entry.at);
  const repeated =
    entry.check === 'usage' &&
    entry.trigger !== 'manual' &&
    lastUsage?.outcome === entry.outcome &&
    entry.at - lastUsage.at < USAGE_THINNING_MS;
  // In time order (an entry older than the last comes of a clock set back).
  const entries = repeated ? kept : [...kept, entry];
  if (entry.at < (kept.at(-1)?.at ?? -Infinity)) entries.sort((a, b) => a.at - b.at);
  return { identity, entries: entries.slice(-ACTIVITY_MAX_ENTRIES) };
}

/** The entries of a log that belongs to this identity (server and user ID); none otherwise. */
export function activityFor(log: AccountActivity | undefined, identity: string): ActivityEntry[] {
  return log?.identity === identity ? log.entries : [];
}

// ---- stored form ---------------------------------------------------------------------------
// One string per account: entries oldest first, joined by `;`, each `<minutes><check><trigger>
// [outcome]`: minutes since the previous entry (the first: since 1970), one letter for the
// call, one for the trigger, and for a failure one capital letter for its kind. An hourly
// entry takes 5 bytes. (A minute is lib/basics/time.ts's, so the fast test build keeps its order.)

const CHECK_CODES: Record<ActivityCheck, string> = { 'sign-in': 'i', usage: 'u' };
const TRIGGER_CODES: Record<ActivityTrigger, string> = {
  schedule: 'a',
  start: 'b',
  retry: 'r',
  manual: 'm',
  permission: 'p',
  settings: 's',
};
/** Failure kinds by capital letter: every kind has one (the type says so). Never reuse a letter: a stored letter keeps its meaning. */
const FAILURE_CODES: Record<Failure['kind'], string> = {
  'not-configured': 'A',
  'permission-missing': 'B',
  'credentials-rejected': 'C',
  'api-key-rejected': 'D',
  'api-key-unsendable': 'E',
  'node-not-ready': 'F',
  'not-found': 'G',
  'rate-limited': 'H',
  'server-error': 'I',
  'http-error': 'J',
  'service-error': 'K',
  'invalid-response': 'L',
  'redirect-refused': 'M',
  timeout: 'N',
  network: 'O',
  'server-not-found': 'P',
};

const codeOf = (outcome: ActivityOutcome) => (outcome === 'ok' ? '' : FAILURE_CODES[outcome]);
const keyOf = <T extends string>(codes: Record<T, string>, code: string | undefined) =>
  (Object.keys(codes) as T[]).find((key) => codes[key] === code);

/** Entries as stored (see above); sorted first, so every step is a count of minutes. */
export function packActivity(entries: readonly ActivityEntry[]): string {
  let previous = 0;
  return [...entries]
    .sort((a, b) => a.at - b.at)
    .map((entry) => {
      const minutes = Math.round(entry.at / MINUTE_MS);
      const step = minutes - previous;
      previous = minutes;
      return `${step}${CHECK_CODES[entry.check]}${TRIGGER_CODES[entry.trigger]}${codeOf(entry.outcome)}`;
    })
    .join(';');
}

/** The last moment a Date can hold (ECMAScript's limit): a later one cannot be shown or written as CSV. */
export const LAST_TIME = 8.64e15;

/** Stored entries back; one that cannot be read (damaged, or a newer version's kind) is left out, its step still counted where it can be read. */
export function unpackActivity(packed: string): ActivityEntry[] {
  let minutes = 0;
  return (packed ? packed.split(';') : []).flatMap((text) => {
    const [, step, check, trigger, failure] = /^(\d+)(?:([a-z])([a-z])([A-Z]?)$)?/.exec(text) ?? [];
    if (step === undefined) return [];
    minutes += Number(step);
    const entry = {
      at: minutes * MINUTE_MS,
      check: keyOf(CHECK_CODES, check),
      trigger: keyOf(TRIGGER_CODES, trigger),
      outcome: failure ? keyOf(FAILURE_CODES, failure) : 'ok',
    };
    return entry.check && entry.trigger && entry.outcome ? [entry as ActivityEntry] : [];
  });
}
