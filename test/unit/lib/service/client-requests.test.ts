import { describe, expect, it } from 'vitest';
import { oneAccountService } from '../../helpers/one-account-service';
import { createServiceApi } from '@/lib/service/client';

// What each call asks of the browser's fetch, seen on the way to the real simulator: the
// browser's cookies and HTTP cache stay out of it, and a redirect is never followed.
const service = oneAccountService();

/** A client whose fetch notes each request's options, then sends it to the simulator unchanged. */
function watchedClient() {
  const seen: RequestInit[] = [];
  const api = createServiceApi({ fetch: (input, init) => (seen.push(init ?? {}), globalThis.fetch(input, init)) });
  return { api, seen };
}

describe('the requests a call makes', () => {
  it.each([
    ['getUser', 'header'],
    ['getCapacity', 'header'],
    ['getUser', 'matrix'],
    ['getCapacity', 'matrix'],
  ] as const)('%s (API key in the %s): no cookies, nothing from or to the HTTP cache, no redirect followed', async (call, keyForm) => {
    const { api, seen } = watchedClient();
    const creds = { ...service.creds, keyForm };
    const result = call === 'getUser' ? await api.getUser(creds) : await api.getCapacity(creds, service.sim.nodeHost);
    expect(result.ok).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ credentials: 'omit', cache: 'no-store', redirect: 'manual' });
  });
});
