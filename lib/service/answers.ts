import { fail, ok, type Failure, type Result } from './failures';
import { isCount, isObject } from '../basics/guards';
import { parseServiceTime, type ServiceTime } from './timestamps';

/** The longest descriptive text kept: more than any real name or note, little to store. */
export const MAX_TEXT_LENGTH = 1_000;

/** Text cut to MAX_TEXT_LENGTH, never in the middle of a surrogate pair. */
function capText(text: string): string {
  if (text.length <= MAX_TEXT_LENGTH) return text;
  const cut = text.slice(0, MAX_TEXT_LENGTH);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// What each answer must contain, path by path; every other field is ignored, so the service may
// add output fields at any time. For getUser only `result` 0 and `node` are required: with them
// the service has recorded the sign-in (it worked) and the capacity call has its
// target. The other fields are only shown, so each is read on its own (below): absent, null or
// of another type, it is just unknown. Two shapes this small are checked by hand rather than
// with zod, which would be a quarter of the background's size budget; zod checks what people
// type (lib/input/form-schemas.ts).
const USER_REQUIRED: Required = [
  ['result', (v) => v === 0],
  ['node', (v) => typeof v === 'string'],
];
const CAPACITY_REQUIRED: Required = [
  ['result', (v) => v === 0],
  ['dataset.__ROOT__.quota', isCount],
  ['dataset.__ROOT__.used', isCount],
];

type Required = [path: string, check: (value: unknown) => boolean][];

/** The bonus of a special API key. Capacities in GB; any part may be unknown. */
export interface KeyBonus {
  since?: ServiceTime;
  until?: ServiceTime;
  increaseGb?: number;
  capacityGb?: number;
}

/**
 * getUser's answer, as stored: plain JSON, times parsed, names in our own spelling. Only the
 * node is sure to be there; every other field is undefined when the service sent none we can read.
 */
export interface UserInfo {
  node: string;
  revision?: number;
  user?: string;
  introduceCode?: string;
  webdavUrl?: string;
  capacityGb?: number;
  apiKey: {
    name?: string;
    note?: string;
    vendor?: string;
    activated?: ServiceTime;
    bonus?: KeyBonus;
  };
}

/** getDatasetCapacity's answer, in bytes. */
export interface DatasetCapacity {
  quota: number;
  used: number;
}

/** Reads a getUser body (already JSON-parsed). Never throws. */
export function parseUserResponse(body: unknown): Result<UserInfo> {
  const missing = requiredFailure(body, USER_REQUIRED);
  if (missing) return fail(missing);
  const user = body as Record<string, unknown>;
  const key = objectOf(user.api_key) ?? {};
  const bonus = objectOf(key.bonus);
  return ok(
    defined({
      node: user.node as string,
      revision: countOf(user.revision),
      user: textOf(user.user),
      introduceCode: textOf(user.introduce_code),
      webdavUrl: textOf(user.webdav_url),
      capacityGb: countOf(user.capacity),
      apiKey: defined({
        name: textOf(key.name),
        note: textOf(key.note),
        vendor: textOf(key.vendor),
        activated: timeOf(key.activated_time),
        bonus:
          bonus &&
          defined({
            since: timeOf(bonus.since),
            until: timeOf(bonus.until),
            increaseGb: countOf(bonus.increase_capacity),
            capacityGb: countOf(bonus.capacity),
          }),
      }),
    }),
  );
}

// Readers of the descriptive fields: the value, or undefined when it is not of the right type.
const textOf = (value: unknown) => (typeof value === 'string' ? capText(value) : undefined);
const countOf = (value: unknown) => (isCount(value) ? value : undefined);
const timeOf = (value: unknown) =>
  typeof value === 'string' ? parseServiceTime(capText(value)) : undefined;
const objectOf = (value: unknown) => (isObject(value) ? value : undefined);

/** The object without its undefined entries: an unknown field is absent, in storage too. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Reads a getDatasetCapacity body (already JSON-parsed). Never throws. */
export function parseCapacityResponse(body: unknown): Result<DatasetCapacity> {
  const missing = requiredFailure(body, CAPACITY_REQUIRED);
  if (missing) return fail(missing);
  const { quota, used } = (body as { dataset: { __ROOT__: DatasetCapacity } }).dataset.__ROOT__;
  return ok({ quota, used });
}

/** The first required part an answer lacks (or has in another shape), as the failure to show. */
function requiredFailure(body: unknown, required: Required): Failure | undefined {
  for (const [path, check] of required) {
    const keys = path.split('.');
    let value: unknown = body;
    for (const [i, key] of keys.entries()) {
      const last = i === keys.length - 1;
      const parent = value;
      value = isObject(parent) ? parent[key] : undefined;
      if (last ? check(value) : isObject(value)) continue;
      if (path === 'result') return { kind: 'invalid-response', reason: 'no-result' };
      const field = keys.slice(0, i + 1).join('.');
      return {
        kind: 'invalid-response',
        reason: value === undefined ? 'missing-field' : 'invalid-field',
        field,
      };
    }
  }
  return undefined;
}
