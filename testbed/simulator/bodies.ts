/** One account the simulator serves. Sizes in bytes, capacities in GB. */
export interface SimAccount {
  userId: string;
  password: string;
  apiKey: string;
  introduceCode: string;
  capacityGb: number;
  quota: number;
  used: number;
  keyName: string;
  keyVendor: string;
  bonus?: { sinceMs: number; untilMs: number; increaseGb: number; capacityGb?: number };
  /** Set by every successful getUser, as the real service does. */
  lastLoginMs?: number;
}

/** `yyyy-MM-dd HH:mm:ss.s` in Japan time, as the service writes it. */
export function serviceTime(ms: number): string {
  const iso = new Date(ms + 9 * 3_600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 21)}`;
}

/** A good getUser answer, with unknown fields the client must ignore. */
export function userBody(account: SimAccount, node: string): Record<string, unknown> {
  const { bonus } = account;
  return {
    result: 0,
    revision: 2020111801,
    user: account.userId,
    introduce_code: account.introduceCode,
    node,
    webdav_url: `https://${node.split(':')[0]}/dav/`,
    capacity: account.capacityGb,
    future_field: { added: 'later' },
    api_key: {
      name: account.keyName,
      note: 'Keeps the account alive and shows how full it is',
      vendor: account.keyVendor,
      activated_time: serviceTime(Date.UTC(2024, 0, 15, 3)),
      scope: 'unknown-future-field',
      ...(bonus && {
        bonus: {
          since: serviceTime(bonus.sinceMs),
          until: serviceTime(bonus.untilMs),
          increase_capacity: bonus.increaseGb,
          ...(bonus.capacityGb !== undefined && { capacity: bonus.capacityGb }),
          campaign: 'unknown-future-field',
        },
      }),
    },
  };
}

/** A good getDatasetCapacity answer, with a second dataset and unknown fields. */
export function capacityBody(account: SimAccount): Record<string, unknown> {
  return {
    result: 0,
    revision: 2021012501,
    dataset: {
      __ROOT__: { quota: account.quota, used: account.used, files: 1234 },
      photos: { quota: 0, used: 42 },
    },
  };
}

/**
 * A copy of a body with fields replaced, by dotted path (`api_key.bonus.since`); a value of
 * undefined removes the field. Missing parent objects are created.
 */
export function withFields(body: Record<string, unknown>, fields: Record<string, unknown>) {
  const copy = structuredClone(body);
  for (const [path, value] of Object.entries(fields)) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let parent = copy;
    for (const key of keys) {
      const child = parent[key];
      if (typeof child !== 'object' || child === null) parent[key] = {};
      parent = parent[key] as Record<string, unknown>;
    }
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
  return copy;
}
