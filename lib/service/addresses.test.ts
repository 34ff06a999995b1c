import { describe, expect, it } from 'vitest';
import { isAllowedServerUrl, takesAppKey } from './addresses';

// Credentials go only to a server's origin: never to a path, a query or a fragment, nor with
// credentials of its own in the address. (Plain http on loopback is the test builds' concern.)
describe('isAllowedServerUrl', () => {
  it.each<[string, boolean]>([
    ['https://api.teracloud.jp', true],
    ['https://api.teracloud.jp/', true],
    ['https://nanao.teracloud.jp:8443', true],
    ['https://api.teracloud.jp/v2', false],
    ['https://api.teracloud.jp/v2/api/', false],
    ['https://api.teracloud.jp/dav/', false],
    ['https://api.teracloud.jp/?next=x', false],
    ['https://api.teracloud.jp/#top', false],
    ['https://me:pw@api.teracloud.jp', false],
    ['http://api.teracloud.jp', false],
    ['ftp://api.teracloud.jp', false],
    ['api.teracloud.jp', false],
    ['', false],
  ])('%j → %s', (url, allowed) => {
    expect(isAllowedServerUrl(url)).toBe(allowed);
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
