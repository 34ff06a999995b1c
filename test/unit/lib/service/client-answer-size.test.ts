import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApi, MAX_BODY_BYTES } from '@/lib/service/client';
import { MAX_TEXT_LENGTH } from '@/lib/service/answers';
import type { Fault, FaultOptions, ServerName } from '../../../../testbed/simulator/simulator';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { backgroundSuite } from '../../helpers/harness';
import { CALL_TIMEOUT_MS } from '../../helpers/call-timeout';

const NOW = Date.UTC(2026, 10, 21);
const { sim, stored } = backgroundSuite({ users: [demoAccount({}, NOW)], clockStartsAt: NOW });
const creds = () => stored('demo-user');
// Generous: a client that read a 10 GiB bomb whole would still run out of it.
const api = createServiceApi({ timeoutMs: CALL_TIMEOUT_MS });
const tooLarge = { ok: false, failure: { kind: 'invalid-response', reason: 'too-large' } };

afterEach(() => {
  sim().setFault('api', undefined);
  sim().setFault('node', undefined);
});

const call = (server: ServerName) =>
  server === 'api' ? api.getUser(creds()) : api.getCapacity(creds(), sim().nodeHost);

describe('answers over 1 MiB', () => {
  const cases: [string, ServerName, Fault, FaultOptions][] = [
    ['a 20 MB getUser answer without Content-Length', 'api', 'huge-body', {}],
    ['a 20 MB capacity answer without Content-Length', 'node', 'huge-body', {}],
    ['a gzip bomb of 10 GiB', 'api', 'gzip-bomb', {}],
    ['a gzip bomb on the node', 'node', 'gzip-bomb', {}],
    ['a getUser answer with an 11 MB api_key.note', 'api', 'long-note', {}],
    ['1.1 MB of otherwise good answer', 'api', 'huge-body', { bytes: 1_100_000 }],
  ];

  it.each(cases)(
    '%s is refused as an invalid response',
    async (_name, server, fault, options) => {
      sim().setFault(server, fault, options);
      expect(await call(server)).toEqual(tooLarge);
    },
    60_000,
  );

  it.each([
    ['plain', 'huge-body'],
    ['gzip-encoded', 'gzip-bomb'],
  ] as const)('a %s answer just under the limit is read', async (_name, fault) => {
    sim().setFault('api', fault, { bytes: MAX_BODY_BYTES - 2_000 });
    const result = await api.getUser(creds());
    expect(result.ok && result.value.node).toBe(sim().nodeHost);
  });
});

describe('long strings', () => {
  it('cuts a 500,000-character note to the kept length: the answer fits, the login counts', async () => {
    sim().setFault('api', 'long-note', { noteLength: 500_000 });
    const result = await api.getUser(creds());
    expect(result.ok && result.value.apiKey.note).toBe('x'.repeat(MAX_TEXT_LENGTH));
  });

  it.each([
    ['user', 'user'],
    ['introduce_code', 'introduceCode'],
    ['webdav_url', 'webdavUrl'],
    ['api_key.name', 'apiKey.name'],
    ['api_key.vendor', 'apiKey.vendor'],
    ['api_key.activated_time', 'apiKey.activated.raw'],
    ['api_key.bonus.since', 'apiKey.bonus.since.raw'],
    ['api_key.bonus.until', 'apiKey.bonus.until.raw'],
  ])('cuts a long %s', async (field, parsed) => {
    sim().setFault('api', 'odd-fields', { fields: { [field]: 'y'.repeat(50_000) } });
    const result = await api.getUser(creds());
    expect(result.ok).toBe(true);
    expect(result.ok && result.value).toHaveProperty(parsed, 'y'.repeat(MAX_TEXT_LENGTH));
  });
});
