import type { Account } from '../../../lib/store/accounts';
import { GIB as GB } from '../../../lib/basics/bytes';
import { demoAccount, type SimAccount, type Simulator } from '../../simulator/simulator';
import { storedAccount } from '../../simulator/stored-account';

// The accounts behind the page states: the simulator's users, as the Settings page stores them,
// and the names the states give them.

const MINUTE = 60_000;

/** The simulated accounts behind the states: one calm, one nearly full, one to break (a 100 GB contract, no bonus), one whose bonus ends. */
export function stateAccounts(now = Date.now()): SimAccount[] {
  return [
    demoAccount({}, now),
    demoAccount(
      {
        userId: 'photos',
        password: 'pw-photos',
        apiKey: 'key-photos',
        quota: 20 * GB,
        used: Math.round(19.3 * GB),
        bonus: undefined,
      },
      now,
    ),
    demoAccount(
      {
        userId: 'archive',
        password: 'pw-archive',
        apiKey: 'key-archive',
        capacityGb: 100,
        quota: 100 * GB,
        used: 31 * GB,
        bonus: undefined,
      },
      now,
    ),
    // Its +8 GB bonus ends within 30 of the build's days (an hour), and 22.5 GB do not fit in 20 GB.
    demoAccount(
      {
        userId: 'bonus',
        password: 'pw-bonus',
        apiKey: 'key-bonus',
        used: Math.round(22.5 * GB),
        bonus: { sinceMs: now - 60 * MINUTE, untilMs: now + 50 * MINUTE, increaseGb: 8 },
      },
      now,
    ),
  ];
}

/** What the import states bring that is no simulated account: the user's words too. */
export const IMPORTED_DATA = ['Imported', 'imported-user', 'api.infini-cloud.net'];

/** The names the states give accounts: the user's words, not the extension's. */
export const ACCOUNT_LABELS = [
  'Personal',
  'Photos',
  'Archive',
  'Blocked',
  'Damaged',
  'Bonus',
  'Waking',
  'Offline',
  'Throttled',
];

/** A simulated user as the Settings page stores it, under the name `label`. */
export const storedUser = (
  sim: Simulator,
  userId: string,
  label: string,
  overrides: Partial<Account> = {},
) => storedAccount(sim, sim.account(userId), { label, ...overrides });

/** An account entry as a newer or broken version might leave it: one field this version cannot read. */
export const damagedEntry = (sim: Simulator) =>
  ({
    ...storedUser(sim, 'photos', 'Damaged', { id: 'id-damaged' }),
    keyForm: 'both',
  }) as unknown as Account;
