import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceApi, type ServiceCredentials } from '@/lib/service/client';
import type { Failure } from '@/lib/service/failures';
import { demoAccount, type Fault, type ServerName } from '../../../../testbed/simulator/simulator';
import { GIB as GB } from '@/lib/basics/bytes';
import { backgroundSuite } from '../../helpers/harness';
import { CALL_TIMEOUT_MS } from '../../helpers/call-timeout';

const NOW = Date.UTC(2026, 10, 21, 0, 0, 0);
const { sim } = backgroundSuite({
  users: [
    demoAccount({ userId: 'ユーザー', password: 'パス:word:ü', apiKey: 'key;with/odd=chars' }, NOW),
    demoAccount(
      {
        userId: 'plain',
        password: 'p',
        apiKey: 'k',
        bonus: { sinceMs: NOW, untilMs: NOW + 1, increaseGb: 5, capacityGb: 25 },
      },
      NOW,
    ),
    demoAccount({ userId: 'nobonus', password: 'p', apiKey: 'k', bonus: undefined }, NOW),
  ],
  clockStartsAt: NOW,
});
let creds: ServiceCredentials;
const api = createServiceApi({ timeoutMs: CALL_TIMEOUT_MS });
/** For the stalled server only: the one call whose timeout is the point. */
const impatientApi = createServiceApi({ timeoutMs: 500 });

beforeAll(() => {
  creds = {
    baseUrl: sim().apiUrl,
    userId: 'ユーザー',
    password: 'パス:word:ü',
    apiKey: 'key;with/odd=chars',
    keyForm: 'header',
  };
});

describe('getUser', () => {
  it('reads every field, with a UTF-8 password holding a colon', async () => {
    const result = await api.getUser(creds);
    expect(result).toEqual({
      ok: true,
      value: {
        revision: 2020111801,
        user: 'ユーザー',
        introduceCode: 'ABCD1234',
        node: sim().nodeHost,
        webdavUrl: 'https://localhost/dav/',
        capacityGb: 20,
        apiKey: {
          name: 'Storage Keeper',
          note: 'Keeps the account alive and shows how full it is',
          vendor: 'Storage Keeper team',
          activated: { epochMs: Date.UTC(2024, 0, 15, 3), raw: '2024-01-15 12:00:00.0' },
          bonus: {
            since: { epochMs: Date.UTC(2026, 9, 22), raw: '2026-10-22 09:00:00.0' },
            until: { epochMs: Date.UTC(2027, 0, 20), raw: '2027-01-20 09:00:00.0' },
            increaseGb: 8,
          },
        },
      },
    });
    expect(sim().account('ユーザー').lastLoginMs).toBe(Date.UTC(2026, 10, 21));
  });

  it('keeps bonus.capacity when present and accepts a key without bonus', async () => {
    const withCapacity = await api.getUser({
      ...creds,
      userId: 'plain',
      password: 'p',
      apiKey: 'k',
    });
    expect(withCapacity.ok && withCapacity.value.apiKey.bonus).toMatchObject({
      increaseGb: 5,
      capacityGb: 25,
    });
    const none = await api.getUser({ ...creds, userId: 'nobonus', password: 'p', apiKey: 'k' });
    expect(none.ok && none.value.apiKey).not.toHaveProperty('bonus');
    expect(none.ok).toBe(true);
  });

  it.each(['header', 'matrix'] as const)('sends the API key as %s', async (keyForm) => {
    const result = await api.getUser({ ...creds, keyForm });
    expect(result.ok).toBe(true);
    const [request] = sim().requests;
    expect(request).toMatchObject({
      keyVia: keyForm,
      apiKey: 'key;with/odd=chars',
      userId: 'ユーザー',
      password: 'パス:word:ü',
    });
    if (keyForm === 'matrix')
      expect(request?.path).toBe('/v2/api/ba/user;api_key=key%3Bwith%2Fodd%3Dchars');
    else expect(request?.path).toBe('/v2/api/ba/user');
    // The key travels one way only: in address form, no header carries it too.
    expect(request?.keyHeader).toBe(keyForm === 'header' ? 'key;with/odd=chars' : undefined);
  });
});

describe('getCapacity', () => {
  it('reads quota and used in bytes from the node server, parentheses kept', async () => {
    for (const keyForm of ['header', 'matrix'] as const) {
      const result = await api.getCapacity({ ...creds, keyForm }, sim().nodeHost);
      expect(result).toEqual({ ok: true, value: { quota: 28 * GB, used: Math.round(12.3 * GB) } });
    }
    expect(
      sim().requests.map((r) => [r.server, r.path.split(';')[0], r.keyVia, r.keyHeader]),
    ).toEqual([
      ['node', '/v2/api/ba/dataset/(capacity)', 'header', 'key;with/odd=chars'],
      ['node', '/v2/api/ba/dataset/(capacity)', 'matrix', undefined],
    ]);
  });

  it('stays exact above 2^32 bytes', async () => {
    sim().account('ユーザー').used = 2 ** 40 + 7;
    const result = await api.getCapacity(creds, sim().nodeHost);
    expect(result.ok && result.value.used).toBe(2 ** 40 + 7);
    sim().account('ユーザー').used = Math.round(12.3 * GB);
  });

  it.each([
    'evil.example/steal',
    'user@evil.example',
    'http://evil.example',
    'a b',
    '',
    'host:99999',
  ])('refuses node %j without sending anything', async (node) => {
    const result = await api.getCapacity(creds, node);
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'invalid-response', reason: 'bad-node' },
    });
    expect(sim().requests).toHaveLength(0);
  });
});

describe('failures', () => {
  const cases: [string, ServerName, Fault | 'wrong-password' | 'wrong-key', Failure][] = [
    ['wrong password', 'api', 'wrong-password', { kind: 'credentials-rejected' }],
    ['wrong API key', 'api', 'wrong-key', { kind: 'api-key-rejected' }],
    ['node not ready', 'node', 'not-ready', { kind: 'node-not-ready' }],
    ['dataset not found', 'node', 'not-found', { kind: 'not-found' }],
    // On the API server a 404 means a wrong address (a mistyped custom server), not missing data.
    ['no service at the API address', 'api', 'not-found', { kind: 'server-not-found' }],
    [
      'unavailable, come back later',
      'node',
      'unavailable',
      { kind: 'server-error', status: 503, retryAfterMs: 120_000 },
    ],
    ['rate limited', 'api', 'rate-limited', { kind: 'rate-limited', retryAfterMs: 120_000 }],
    ['server error', 'node', 'server-error', { kind: 'server-error', status: 500 }],
    ['HTML 502', 'api', 'html-502', { kind: 'server-error', status: 502 }],
    ['HTML page with 200', 'api', 'html-200', { kind: 'invalid-response', reason: 'html' }],
    [
      'malformed JSON',
      'node',
      'malformed-json',
      { kind: 'invalid-response', reason: 'malformed-json' },
    ],
    ['empty body', 'api', 'empty-body', { kind: 'invalid-response', reason: 'empty' }],
    ['result not 0', 'api', 'service-error', { kind: 'service-error', code: 1203 }],
    [
      'missing node',
      'api',
      'missing-field',
      { kind: 'invalid-response', reason: 'missing-field', field: 'node' },
    ],
    [
      'missing used',
      'node',
      'missing-field',
      { kind: 'invalid-response', reason: 'missing-field', field: 'dataset.__ROOT__.used' },
    ],
    [
      'only unknown fields',
      'node',
      'extra-fields-only',
      { kind: 'invalid-response', reason: 'missing-field', field: 'dataset' },
    ],
    ['redirect', 'api', 'redirect', { kind: 'redirect-refused', status: 302 }],
    ['stalled server', 'node', 'stall', { kind: 'timeout', afterMs: 500 }],
    ['bad node host', 'api', 'bad-node', { kind: 'invalid-response', reason: 'bad-node' }],
  ];

  it.each(cases)('%s is its own failure', async (_name, server, fault, expected) => {
    const call = { ...creds };
    if (fault === 'wrong-password') call.password = 'パス:word';
    else if (fault === 'wrong-key') call.apiKey = 'nope';
    else sim().setFault(server, fault);
    const client = fault === 'stall' ? impatientApi : api;
    const result =
      server === 'api'
        ? await client.getUser(call)
        : await client.getCapacity(call, sim().nodeHost);
    expect(result).toEqual({ ok: false, failure: expected });
    expect(JSON.stringify(result)).not.toMatch(/パス|key;with/);
  });

  it.each([
    ['63072000', { kind: 'rate-limited', retryAfterMs: 63_072_000_000 }],
    ['99999999999999999999', { kind: 'rate-limited' }],
    ['-5', { kind: 'rate-limited' }],
    [null, { kind: 'rate-limited' }],
  ])(
    'a 429 with Retry-After %j passes on only a delay that makes sense',
    async (retryAfter, expected) => {
      sim().setFault('api', 'rate-limited', { retryAfter });
      expect(await api.getUser(creds)).toEqual({ ok: false, failure: expected });
    },
  );

  it.each([
    ['600', { kind: 'server-error', status: 503, retryAfterMs: 600_000 }],
    ['soon', { kind: 'server-error', status: 503 }],
    [null, { kind: 'server-error', status: 503 }],
  ])('a 503 with Retry-After %j passes on the delay it asks for', async (retryAfter, expected) => {
    sim().setFault('api', 'unavailable', { retryAfter });
    expect(await api.getUser(creds)).toEqual({ ok: false, failure: expected });
  });

  it('reports a refused connection as a network failure', async () => {
    const result = await api.getUser({ ...creds, baseUrl: 'http://127.0.0.1:9' });
    expect(result).toEqual({ ok: false, failure: { kind: 'network' } });
  });
});

// What each call asks of the browser's fetch, seen on the way to the real simulator: the
// browser's cookies and HTTP cache stay out of it, and a redirect is never followed.
describe('the requests a call makes', () => {
  const { sim: demoService, stored } = backgroundSuite({
    users: [demoAccount({}, NOW)],
    clockStartsAt: NOW,
  });
  const demoUser = () => stored('demo-user');

  /** A client whose fetch notes each request's options, then sends it to the simulator unchanged. */
  function watchedClient() {
    const seen: RequestInit[] = [];
    const api = createServiceApi({
      fetch: (input, init) => (seen.push(init ?? {}), globalThis.fetch(input, init)),
    });
    return { api, seen };
  }

  it.each([
    ['getUser', 'header'],
    ['getCapacity', 'header'],
    ['getUser', 'matrix'],
    ['getCapacity', 'matrix'],
  ] as const)(
    '%s (API key in the %s): no cookies, nothing from or to the HTTP cache, no redirect followed',
    async (call, keyForm) => {
      const { api, seen } = watchedClient();
      const withForm = { ...demoUser(), keyForm };
      const result =
        call === 'getUser'
          ? await api.getUser(withForm)
          : await api.getCapacity(withForm, demoService().nodeHost);
      expect(result.ok).toBe(true);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ credentials: 'omit', cache: 'no-store', redirect: 'manual' });
    },
  );
});
