// Checks for values read from outside the code: what storage holds and what the service sends.

/** A plain object (not null, not a list) whose fields are still to be checked. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number of things (bytes, GB, failures) that JSON carries exactly. */
export const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/** A point in time as epoch ms. */
export const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
