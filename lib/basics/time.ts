// Durations as the extension counts them. Only the real-browser test build (`--mode e2e`) runs
// faster than real time (WXT_TIME_SCALE, e.g. 720: an hour lasts 5 s), so alarms and day-long
// waits fit in a test. The mode is fixed at build time: every other build, whatever the
// environment holds, runs on real time, and the scaling is not even in its code.
const TIME_SCALE =
  import.meta.env.MODE === 'e2e' ? Number(import.meta.env.WXT_TIME_SCALE ?? 1) || 1 : 1;

export const MINUTE_MS = 60_000 / TIME_SCALE;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The number of the local calendar day (in days as counted here) that `at` falls on. */
export const dayOf = (at: number): number =>
  Math.floor((at - new Date(at).getTimezoneOffset() * 60_000) / DAY_MS);

/** When a day from `dayOf` begins, read as UTC: format it with `timeZone: 'UTC'` to name that local day. */
export const dayStart = (day: number): number => day * DAY_MS;
