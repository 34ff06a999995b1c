import { describe, expect, it } from 'vitest';
import { isAllowedServerUrl, nodeOrigin, takesAppKey } from '@/lib/service/addresses';

// Credentials go only to a server's origin: never to a path, a query or a fragment, nor with
// credentials of its own in the address. Plain http reaches only the simulator on loopback, and
// only from the test builds: a production build (the store's) sends credentials over https alone.
describe('isAllowedServerUrl', () => {
  it.each<[string, string, boolean]>([
    ['https://api.teracloud.jp', 'production', true],
    ['https://api.teracloud.jp/', 'production', true],
    ['https://nanao.teracloud.jp:8443', 'production', true],
    ['https://127.0.0.1:8443', 'production', true],
    ['https://api.teracloud.jp/v2', 'production', false],
    ['https://api.teracloud.jp/v2/api/', 'production', false],
    ['https://api.teracloud.jp/dav/', 'production', false],
    ['https://api.teracloud.jp/?next=x', 'production', false],
    ['https://api.teracloud.jp/#top', 'production', false],
    ['https://me:pw@api.teracloud.jp', 'production', false],
    ['http://api.teracloud.jp', 'production', false],
    ['ftp://api.teracloud.jp', 'production', false],
    ['api.teracloud.jp', 'production', false],
    ['', 'production', false],
    ['http://127.0.0.1:8080', 'production', false],
    ['http://localhost:3000', 'production', false],
    ['http://[::1]:3000', 'production', false],
    ['http://127.0.0.1:8080', 'simulator', true],
    ['http://localhost:3000', 'e2e', true],
    ['http://127.0.0.1:8080', 'test', true], // the unit tests talk to the simulator too
    ['http://192.168.1.2', 'e2e', false],
    ['http://api.teracloud.jp', 'e2e', false],
    ['http://127.0.0.1:8080/path', 'e2e', false],
  ])('%j in a %s build → %s', (url, mode, allowed) => {
    expect(isAllowedServerUrl(url, mode)).toBe(allowed);
  });

  it('is judged by the build it runs in (the unit tests run in vitest’s mode)', () => {
    expect(import.meta.env.MODE).toBe('test');
    expect(isAllowedServerUrl('http://127.0.0.1:8080')).toBe(true);
  });
});

describe('takesAppKey: the publisher key goes only where it was issued', () => {
  it.each([
    ['https://api.infini-cloud.net', 'production', true],
    ['https://api.teracloud.jp', 'production', true],
    ['https://storage.example.com', 'production', false],
    ['https://storage.example.com', 'e2e', false],
    ['http://127.0.0.1:8080', 'production', false],
    ['http://127.0.0.1:8080', 'e2e', true],
  ])('%s in a %s build → %s', (baseUrl, mode, expected) => {
    expect(takesAppKey(baseUrl, mode)).toBe(expected);
  });
});

describe('nodeOrigin', () => {
  it.each([
    ['https://api.teracloud.jp', 'nanao.teracloud.jp', 'https://nanao.teracloud.jp'],
    ['https://api.example:8443', 'Node.Example:8443', 'https://node.example:8443'],
    ['http://127.0.0.1:4567', 'localhost:4568', 'http://localhost:4568'],
  ])("takes the node origin's scheme from the base URL %s", (baseUrl, node, origin) => {
    expect(nodeOrigin(baseUrl, node)).toEqual({ ok: true, value: origin });
  });
});
