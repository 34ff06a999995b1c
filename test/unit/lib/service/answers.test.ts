import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApi, readBody } from '@/lib/service/client';
import { MAX_TEXT_LENGTH, parseCapacityResponse, parseUserResponse } from '@/lib/service/answers';
import type { Result } from '@/lib/service/failures';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { backgroundSuite } from '../../helpers/harness';
import { CALL_TIMEOUT_MS } from '../../helpers/call-timeout';

const parsers: Record<string, (body: unknown) => Result<unknown>> = {
  user: parseUserResponse,
  capacity: parseCapacityResponse,
};

describe.each(Object.entries(parsers))('%s response parser', (_name, parse) => {
  it('turns any JSON value into a value or an invalid-response/service-error failure, never a throw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = readBody(JSON.stringify(value), parse);
        if (!result.ok)
          expect(['invalid-response', 'service-error']).toContain(result.failure.kind);
      }),
      { numRuns: 500 },
    );
  });

  it('survives any text at all', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = readBody(text, parse);
        if (!result.ok)
          expect(['invalid-response', 'service-error']).toContain(result.failure.kind);
      }),
      { numRuns: 500 },
    );
  });

  it('survives objects shaped almost like the real answer', () => {
    const almost = fc.record(
      {
        result: fc.oneof(fc.constant(0), fc.integer(), fc.string()),
        dataset: fc.anything(),
        user: fc.anything(),
        node: fc.oneof(fc.domain(), fc.string()),
        api_key: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(almost, (value) => {
        const result = readBody(JSON.stringify(value), parse);
        expect(
          result.ok || ['invalid-response', 'service-error'].includes(result.failure.kind),
        ).toBe(true);
      }),
    );
  });
});

describe('descriptive text in an answer', () => {
  /** The user name as read from a getUser answer holding it. */
  const userNameRead = (user: string) => {
    const result = parseUserResponse({ result: 0, node: 'node.example', user });
    return result.ok ? result.value.user : undefined;
  };

  it('is kept when short and cut to the kept length when long', () => {
    expect(userNameRead('short')).toBe('short');
    expect(userNameRead('z'.repeat(MAX_TEXT_LENGTH + 1))).toBe('z'.repeat(MAX_TEXT_LENGTH));
  });

  it('is never cut in the middle of a character', () => {
    // '𝄞a' is three UTF-16 units: the cut at 1,000 falls inside a surrogate pair.
    const cut = userNameRead('𝄞a'.repeat(400))!;
    expect(cut.length).toBe(MAX_TEXT_LENGTH - 1);
    expect(cut.isWellFormed()).toBe(true);
  });
});

// A getUser answer with HTTP 200, result 0 and a usable node means the service recorded the
// login: the sign-in worked, whatever the descriptive fields look like.
describe('a getUser answer with odd descriptive fields', () => {
  const NOW = Date.UTC(2026, 10, 21);
  const { sim, stored } = backgroundSuite({ users: [demoAccount({}, NOW)], clockStartsAt: NOW });
  const creds = () => stored('demo-user');
  const api = createServiceApi({ timeoutMs: CALL_TIMEOUT_MS });

  afterEach(() => {
    sim().setFault('api', undefined);
    sim().account('demo-user').lastLoginMs = undefined;
  });

  // [field as sent, its odd value (undefined: absent), where it lands in UserInfo]
  const cases: [string, unknown, string][] = [
    ['user', undefined, 'user'],
    ['user', 12345, 'user'],
    ['revision', undefined, 'revision'],
    ['revision', '2020111801', 'revision'],
    ['introduce_code', null, 'introduceCode'],
    ['introduce_code', ['AB'], 'introduceCode'],
    ['webdav_url', undefined, 'webdavUrl'],
    ['webdav_url', false, 'webdavUrl'],
    ['capacity', '20', 'capacityGb'],
    ['capacity', -1, 'capacityGb'],
    ['capacity', 1.5, 'capacityGb'],
    ['capacity', null, 'capacityGb'],
    ['api_key.name', undefined, 'apiKey.name'],
    ['api_key.name', { en: 'x' }, 'apiKey.name'],
    ['api_key.note', undefined, 'apiKey.note'],
    ['api_key.note', null, 'apiKey.note'],
    ['api_key.vendor', 42, 'apiKey.vendor'],
    ['api_key.activated_time', undefined, 'apiKey.activated'],
    ['api_key.activated_time', 1700000000, 'apiKey.activated'],
    ['api_key.bonus', null, 'apiKey.bonus'],
    ['api_key.bonus', 'none', 'apiKey.bonus'],
    ['api_key.bonus.since', 1700000000, 'apiKey.bonus.since'],
    ['api_key.bonus.until', null, 'apiKey.bonus.until'],
    ['api_key.bonus.increase_capacity', '8', 'apiKey.bonus.increaseGb'],
    ['api_key', null, 'apiKey.name'],
    ['api_key', 'key', 'apiKey.vendor'],
  ];

  it.each(cases)('%s = %j: a success, with %s unknown', async (field, value, parsed) => {
    sim().setFault('api', 'odd-fields', { fields: { [field]: value } });
    const result = await api.getUser(creds());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.node).toBe(sim().nodeHost);
    expect(result.value).not.toHaveProperty(parsed);
    expect(sim().account('demo-user').lastLoginMs).toBe(NOW);
  });

  it('keeps the readable fields beside an odd one', async () => {
    sim().setFault('api', 'odd-fields', {
      fields: { 'api_key.bonus.since': 1700000000, 'api_key.note': null },
    });
    const result = await api.getUser(creds());
    expect(result.ok && result.value).toMatchObject({
      user: 'demo-user',
      capacityGb: 20,
      apiKey: {
        name: 'Storage Keeper',
        vendor: 'Storage Keeper team',
        bonus: { until: { epochMs: NOW + 60 * 86_400_000 }, increaseGb: 8 },
      },
    });
  });

  it('is a success with nothing but result 0 and the node', async () => {
    const optional = [
      'revision',
      'user',
      'introduce_code',
      'webdav_url',
      'capacity',
      'api_key',
      'future_field',
    ];
    sim().setFault('api', 'odd-fields', {
      fields: Object.fromEntries(optional.map((key) => [key, undefined])),
    });
    expect(await api.getUser(creds())).toEqual({
      ok: true,
      value: { node: sim().nodeHost, apiKey: {} },
    });
  });

  it('keeps an unreadable timestamp as its text', async () => {
    sim().setFault('api', 'odd-fields', { fields: { 'api_key.activated_time': 'someday' } });
    const result = await api.getUser(creds());
    expect(result.ok && result.value.apiKey.activated).toEqual({ epochMs: null, raw: 'someday' });
  });

  it.each([
    ['node', undefined, { reason: 'missing-field', field: 'node' }],
    ['node', null, { reason: 'invalid-field', field: 'node' }],
    ['node', 42, { reason: 'invalid-field', field: 'node' }],
    ['result', '0', { reason: 'no-result' }],
    ['result', undefined, { reason: 'no-result' }],
  ])(
    'still fails when %s = %j: without them the call proves nothing',
    async (field, value, why) => {
      sim().setFault('api', 'odd-fields', { fields: { [field]: value } });
      expect(await api.getUser(creds())).toEqual({
        ok: false,
        failure: { kind: 'invalid-response', ...why },
      });
    },
  );
});
