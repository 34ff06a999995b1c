import { describe, expect, it } from 'vitest';
import { isAllowedServerUrl } from '@/lib/service/addresses';

// Plain http reaches only the simulator on loopback, and only from the test builds: a
// production build (the store's) sends credentials over https alone.

describe('a server address', () => {
  it.each([
    ['https://api.teracloud.jp', 'production', true],
    ['https://127.0.0.1:8443', 'production', true],
    ['http://127.0.0.1:8080', 'production', false],
    ['http://localhost:3000', 'production', false],
    ['http://[::1]:3000', 'production', false],
    ['http://127.0.0.1:8080', 'simulator', true],
    ['http://localhost:3000', 'e2e', true],
    ['http://127.0.0.1:8080', 'test', true], // the unit tests talk to the simulator too
    ['http://192.168.1.2', 'e2e', false],
    ['http://api.teracloud.jp', 'e2e', false],
    ['https://api.teracloud.jp/path', 'production', false],
  ])('%s in a %s build: %s', (url, mode, allowed) => {
    expect(isAllowedServerUrl(url, mode)).toBe(allowed);
  });

  it('is judged by the build it runs in (the unit tests run in vitest’s mode)', () => {
    expect(import.meta.env.MODE).toBe('test');
    expect(isAllowedServerUrl('http://127.0.0.1:8080')).toBe(true);
  });
});
