import { afterEach, describe, expect, it } from 'vitest';
import { isHeaderSafe } from '@/lib/service/header-value';
import { createServiceApi } from '@/lib/service/client';
import { nodeOrigin } from '@/lib/service/addresses';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { backgroundSuite } from '../../helpers/harness';
import { CALL_TIMEOUT_MS } from '../../helpers/call-timeout';

// Credentials that cannot be sent as they are: the client returns a named failure without
// sending anything, and never throws.
const NOW = Date.UTC(2026, 10, 21);
const UNSAFE_KEYS = [
  'キー',
  'key\r\nX-Evil: 1',
  'key\n',
  'key\u0000',
  'key\u0007',
  'key\u007f',
  'key\u0085',
  ' key',
  'key\t',
];
const { sim, stored } = backgroundSuite({ users: [demoAccount({}, NOW)], clockStartsAt: NOW });
const creds = () => stored('demo-user');
const api = createServiceApi({ timeoutMs: CALL_TIMEOUT_MS });

afterEach(() => {
  sim().requests.length = 0;
  sim().accounts.splice(1);
});

describe('a base URL credentials may not go to', () => {
  it.each([
    '',
    'not a url',
    'api.teracloud.jp',
    'ftp://127.0.0.1',
    'http://example.com',
    'http://127.0.0.1:99999',
    'https://u:p@api.teracloud.jp',
  ])('%j is refused as the server address, by both calls, sending nothing', async (baseUrl) => {
    const failure = { ok: false, failure: { kind: 'not-configured', missing: ['baseUrl'] } };
    expect(await api.getUser({ ...creds(), baseUrl })).toEqual(failure);
    expect(await api.getCapacity({ ...creds(), baseUrl }, sim().nodeHost)).toEqual(failure);
    expect(nodeOrigin(baseUrl, sim().nodeHost)).toEqual(failure);
    expect(sim().requests).toHaveLength(0);
  });
});

describe('an API key a header cannot carry', () => {
  it.each(UNSAFE_KEYS)(
    '%j is a named failure in header form, and is never sent',
    async (apiKey) => {
      const failure = { ok: false, failure: { kind: 'api-key-unsendable' } };
      expect(await api.getUser({ ...creds(), apiKey })).toEqual(failure);
      expect(await api.getCapacity({ ...creds(), apiKey }, sim().nodeHost)).toEqual(failure);
      expect(sim().requests).toHaveLength(0);
    },
  );

  it.each(UNSAFE_KEYS)('%j reaches the service exactly in address form', async (apiKey) => {
    sim().accounts.push(demoAccount({ userId: 'odd-key', apiKey }, NOW));
    const result = await api.getUser({
      ...creds(),
      userId: 'odd-key',
      apiKey,
      keyForm: 'matrix',
    });
    expect(result.ok).toBe(true);
    expect(sim().requests).toMatchObject([{ keyVia: 'matrix', apiKey }]);
  });

  it.each(['demo-api-key/+=', 'key with spaces', 'clé-é', 'abc~!@#$%^&*()'])(
    '%j is header-safe, and travels unchanged',
    async (apiKey) => {
      expect(isHeaderSafe(apiKey)).toBe(true);
      sim().accounts.push(demoAccount({ userId: 'odd-key', apiKey }, NOW));
      expect((await api.getUser({ ...creds(), userId: 'odd-key', apiKey })).ok).toBe(true);
      expect(sim().requests).toMatchObject([{ keyVia: 'header', apiKey }]);
    },
  );
});
