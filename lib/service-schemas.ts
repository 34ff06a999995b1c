import * as z from 'zod/mini';
import { fail, ok, type Result } from './failures';
import { parseServiceTime, type ServiceTime } from './service-time';

// z.object strips unknown keys at every level: the service may add output fields at any time.
const count = z.int().check(z.nonnegative());
const timestamp = z.string();

const bonusSchema = z.object({
  since: timestamp,
  until: timestamp,
  increase_capacity: count,
  capacity: z.optional(count),
});

const userResponseSchema = z.object({
  result: z.literal(0),
  revision: z.int(),
  user: z.string(),
  introduce_code: z.string(),
  node: z.string(),
  webdav_url: z.string(),
  capacity: count,
  api_key: z.object({
    name: z.string(),
    note: z.string(),
    vendor: z.string(),
    activated_time: timestamp,
    bonus: z.optional(bonusSchema),
  }),
});

const capacityResponseSchema = z.object({
  result: z.literal(0),
  dataset: z.object({ __ROOT__: z.object({ quota: count, used: count }) }),
});

/** The bonus of a special API key. Capacities in GB. */
export interface KeyBonus {
  since: ServiceTime;
  until: ServiceTime;
  increaseGb: number;
  capacityGb?: number;
}

/** getUser's answer, as stored: plain JSON, times parsed, names in our own spelling. */
export interface UserInfo {
  revision: number;
  user: string;
  introduceCode: string;
  node: string;
  webdavUrl: string;
  capacityGb: number;
  apiKey: { name: string; note: string; vendor: string; activated: ServiceTime; bonus?: KeyBonus };
}

/** getDatasetCapacity's answer, in bytes. */
export interface DatasetCapacity {
  quota: number;
  used: number;
}

/** Reads a getUser body (already JSON-parsed). Never throws. */
export function parseUserResponse(body: unknown): Result<UserInfo> {
  const parsed = parseWith(userResponseSchema, body);
  if (!parsed.ok) return parsed;
  const { api_key: key, ...user } = parsed.value;
  return ok({
    revision: user.revision,
    user: user.user,
    introduceCode: user.introduce_code,
    node: user.node,
    webdavUrl: user.webdav_url,
    capacityGb: user.capacity,
    apiKey: {
      name: key.name,
      note: key.note,
      vendor: key.vendor,
      activated: parseServiceTime(key.activated_time),
      ...(key.bonus && {
        bonus: {
          since: parseServiceTime(key.bonus.since),
          until: parseServiceTime(key.bonus.until),
          increaseGb: key.bonus.increase_capacity,
          ...(key.bonus.capacity !== undefined && { capacityGb: key.bonus.capacity }),
        },
      }),
    },
  });
}

/** Reads a getDatasetCapacity body (already JSON-parsed). Never throws. */
export function parseCapacityResponse(body: unknown): Result<DatasetCapacity> {
  const parsed = parseWith(capacityResponseSchema, body);
  if (!parsed.ok) return parsed;
  const { quota, used } = parsed.value.dataset.__ROOT__;
  return ok({ quota, used });
}

const NODE_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(\d{1,5}))?$/i;

/**
 * The node server's origin: the API base URL's scheme with getUser's `node` (a host, or
 * host:port). Anything else (a path, `@`, a scheme, spaces) is an invalid response, so a
 * tampered answer can never send credentials elsewhere.
 */
export function nodeOrigin(baseUrl: string, node: string): Result<string> {
  const match = NODE_HOST.exec(node);
  const port = match?.[1] === undefined ? 0 : Number(match[1]);
  if (!match || node.length > 253 || port > 65_535) {
    return fail({ kind: 'invalid-response', reason: 'node is not a host name' });
  }
  return ok(`${new URL(baseUrl).protocol}//${node.toLowerCase()}`);
}

function parseWith<T>(schema: z.ZodMiniType<T>, body: unknown): Result<T> {
  const result = schema.safeParse(body);
  if (result.success) return ok(result.data);
  const issue = result.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  if (path === 'result') {
    return fail({ kind: 'invalid-response', reason: 'no numeric result field' });
  }
  const missing = valueAt(body, issue?.path ?? []) === undefined;
  return fail({ kind: 'invalid-response', reason: `${missing ? 'missing' : 'invalid'} field ${path || '(body)'}` });
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
