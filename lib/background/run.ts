// A run: why it runs and what storage held when it began, read once and passed down to each
// account's checks (account-checks.ts) and to its end (publish.ts).
import type { ServiceApi } from '../service/client';
import type { Account } from '../store/accounts';
import { snapshotFor, type AccountSnapshot } from '../store/account-state';
import type { ActivityTrigger } from '../store/activity';
import { upgradeAccounts } from '../store/accounts-upgrade';
import { loadStore } from '../store/load-store';
import type { Settings } from '../store/settings';

/** What the background works with, handed in by the entrypoint (tests hand in their own). */
export interface BackgroundDeps {
  api: ServiceApi;
  /** Whether the extension holds the host permission for this URL. */
  canReach: (url: string) => Promise<boolean>;
  now: () => number;
}

/** One run: why it runs (for the activity log), and what storage held when it began, read once and passed down. */
export interface Run {
  why: ActivityTrigger;
  settings: Settings;
  accounts: readonly Account[];
  /** Each account's snapshot as this run knows it: as read, then as each check recorded it. */
  snapshots: Map<string, AccountSnapshot>;
}

/** One account's checks in one run, and what they use: built once per account (events.ts). */
export interface AccountRun extends BackgroundDeps {
  account: Account;
  run: Run;
  /** When the run began its checks. */
  at: number;
  /** Aborted the moment the account is edited or removed (checks-in-flight.ts). */
  stop: AbortSignal;
}

/** Begins a run with one read of storage: a worker woken by an alarm sets nothing in motion before it is back. */
export async function beginRun(why: ActivityTrigger): Promise<Run> {
  let store = await loadStore();
  // Accounts stored at an older version are upgraded here, by the one writer, and read again.
  if (store.accountsUpgradeDue) {
    await upgradeAccounts();
    store = await loadStore();
  }
  const { accounts, settings, snapshots } = store;
  return {
    why,
    settings,
    accounts,
    snapshots: new Map(accounts.map((a) => [a.id, snapshotFor(a, snapshots[a.id])])),
  };
}
