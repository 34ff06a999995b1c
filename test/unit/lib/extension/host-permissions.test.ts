import { describe, expect, it } from 'vitest';
import { manifestHosts } from '@/lib/extension/host-permissions';
import { isAllowedServerUrl, SERVER_PRESETS } from '@/lib/service/addresses';

/** Whether a manifest match pattern ("https://*.example.net/*") covers a URL's host. */
function covers(pattern: string, url: string): boolean {
  const [, scheme, host = ''] = /^(\w+):\/\/([^/]+)\/\*$/.exec(pattern)!;
  const { protocol, hostname } = new URL(url);
  if (`${scheme}:` !== protocol) return false;
  return (
    host === '*' || hostname === host || (host.startsWith('*.') && hostname.endsWith(host.slice(1)))
  );
}
const declared = (testBuild: boolean, url: string) =>
  manifestHosts(testBuild).host_permissions.some((p) => covers(p, url));
const askable = (testBuild: boolean, url: string) =>
  manifestHosts(testBuild).optional_host_permissions.some((p) => covers(p, url));

// The manifest (wxt.config.ts builds it from manifestHosts) agrees with where credentials may go.
describe("the manifest's host lists", () => {
  it.each([false, true])(
    'a preset server and its nodes need no prompt (test build: %s)',
    (testBuild) => {
      for (const preset of SERVER_PRESETS) {
        expect(declared(testBuild, preset), preset).toBe(true);
        expect(declared(testBuild, preset.replace('//api.', '//node17.')), preset).toBe(true);
      }
    },
  );

  it.each<[string, boolean]>([
    ['production', false],
    ['e2e', true],
    ['simulator', true],
  ])(
    'loopback, where the simulator listens, is declared exactly where it is allowed (%s build)',
    (mode, testBuild) => {
      for (const url of ['http://127.0.0.1:4567', 'http://localhost:4568']) {
        expect(isAllowedServerUrl(url, mode)).toBe(testBuild);
        expect(declared(testBuild, url)).toBe(testBuild);
      }
    },
  );

  it.each([false, true])(
    'a custom https server is asked for at run time, never declared (test build: %s)',
    (testBuild) => {
      const custom = 'https://dav.example.org:8443';
      expect(declared(testBuild, custom)).toBe(false);
      expect(askable(testBuild, custom)).toBe(true);
    },
  );
});
