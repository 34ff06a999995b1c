import { afterAll, beforeAll } from 'vitest';
import type { ServiceCredentials } from '@/lib/service/client';
import { demoAccount, startSimulator, type Simulator } from '../../../testbed/simulator/simulator';
import { storedAccount } from '../../../testbed/simulator/stored-account';

/**
 * The simulator serving one demo account for a test file: started before its tests, closed
 * after them. `creds` signs in to that account, the API key in the header.
 */
export function oneAccountService(now = Date.UTC(2026, 10, 21)) {
  const service = {} as { sim: Simulator; creds: ServiceCredentials };
  beforeAll(async () => {
    service.sim = await startSimulator({ now: () => now, accounts: [demoAccount({}, now)] });
    service.creds = storedAccount(service.sim, service.sim.accounts[0]!);
  });
  afterAll(() => service.sim.close());
  return service;
}
