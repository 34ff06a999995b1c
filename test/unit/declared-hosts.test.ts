import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isDeclaredHost } from '@/lib/declared-hosts';

const STORE = ['https://*.infini-cloud.net/*', 'https://*.teracloud.jp/*'];
const manifest = (host_permissions: string[], optional_host_permissions: string[]) => () =>
  ({ manifest_version: 3, name: 'x', version: '0', host_permissions, optional_host_permissions }) as never;

beforeEach(() => fakeBrowser.reset());

it.each([
  ['https://api.teracloud.jp', true],
  ['https://teracloud.jp', true],
  ['https://nanao.teracloud.jp:8443', true],
  ['https://storage.example.com', true], // through the optional https://*/*
  ['http://api.teracloud.jp', false],
  ['http://127.0.0.1:8080', false], // plain http: never in a store build
  ['http://localhost:3000', false],
  ['https://evilteracloud.jp.example', true], // any https host is optional anyway
  ['not a url', false],
])('store build: %s → %s', (url, declared) => {
  fakeBrowser.runtime.getManifest = manifest(STORE, ['https://*/*']);
  expect(isDeclaredHost(url)).toBe(declared);
});

it.each([
  ['http://127.0.0.1:8080', true],
  ['http://localhost:3000', true],
  ['http://192.168.1.2', false],
  ['https://nanao.teracloud.jp', true],
  ['https://example.com', false],
  ['http://xteracloud.jp', false],
])('simulator build without optional hosts: %s → %s', (url, declared) => {
  fakeBrowser.runtime.getManifest = manifest([...STORE, 'http://127.0.0.1/*', 'http://localhost/*'], []);
  expect(isDeclaredHost(url)).toBe(declared);
});
