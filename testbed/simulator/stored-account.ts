import type { Account } from '../../lib/store/accounts';
import type { SimAccount, Simulator } from './simulator';

/** The account, as the Settings page stores it, that signs in to a simulated one. */
export function storedAccount(
  sim: Pick<Simulator, 'apiUrl'>,
  simAccount: SimAccount,
  overrides: Partial<Account> = {},
): Account {
  return {
    id: `id-${simAccount.userId}`,
    label: simAccount.userId,
    baseUrl: sim.apiUrl,
    userId: simAccount.userId,
    password: simAccount.password,
    apiKey: simAccount.apiKey,
    keyForm: 'header',
    notifications: true,
    ...overrides,
  };
}
