import type { Account } from '@/lib/store/accounts';
import type { UserInfo } from '@/lib/service/answers';
import type { Failure } from '@/lib/service/failures';
import { emptySnapshot, type AccountSnapshot, type CheckState } from '@/lib/store/account-state';
import { GIB as GB } from '@/lib/basics/bytes';

export { GB };

/** "Now" in page tests: 2026-11-21 12:00 UTC. */
export const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'home',
    label: 'Home',
    baseUrl: 'https://api.teracloud.jp',
    userId: 'yamada',
    password: 'app-pw',
    apiKey: 'key-1',
    keyForm: 'header',
    notifications: true,
    ...overrides,
  };
}

/** A second account beside account(): its own user, secrets and key form. */
export const workAccount = (): Account =>
  account({
    id: 'work',
    label: 'Work',
    userId: 'work',
    password: 'work-pw',
    apiKey: 'work-key',
    keyForm: 'matrix',
  });

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    revision: 2020111801,
    user: 'yamada',
    introduceCode: 'INTRO42',
    node: 'nanao.teracloud.jp',
    webdavUrl: 'https://nanao.teracloud.jp/dav/',
    capacityGb: 20,
    apiKey: {
      name: 'Storage Keeper',
      note: 'keeps alive',
      vendor: 'SK team',
      activated: { epochMs: Date.UTC(2024, 0, 1), raw: '2024-01-01 09:00:00.0' },
      bonus: {
        since: { epochMs: Date.UTC(2026, 9, 1), raw: '2026-10-01 09:00:00.0' },
        until: { epochMs: Date.UTC(2027, 0, 31), raw: '2027-01-31 09:00:00.0' },
        increaseGb: 8,
      },
    },
    ...overrides,
  };
}

/** A snapshot with figures: `percent` of a 28 GB quota used, checked 3 min ago, last sign-in 2 h ago. */
export function snapshot(
  percent: number,
  overrides: Partial<AccountSnapshot> = {},
): AccountSnapshot {
  const quota = 28 * GB;
  return {
    ...emptySnapshot(),
    user: { ...userInfo(), at: NOW - 2 * 3_600_000 },
    capacity: { quota, used: Math.round((quota * percent) / 100), at: NOW - 3 * 60_000 },
    keepAlive: {
      lastAttemptAt: NOW - 2 * 3_600_000,
      lastSuccessAt: NOW - 2 * 3_600_000,
      consecutiveFailures: 0,
    },
    refresh: {
      lastAttemptAt: NOW - 3 * 60_000,
      lastSuccessAt: NOW - 3 * 60_000,
      consecutiveFailures: 0,
    },
    ...overrides,
  };
}

/** An empty snapshot with these parts: what a decider reads, and nothing else. */
export const snapshotWith = (parts: Partial<AccountSnapshot>): AccountSnapshot => ({
  ...emptySnapshot(),
  ...parts,
});

/** When failing()'s check was last tried: 2026-11-02 12:00 UTC. */
export const FAILED_AT = Date.UTC(2026, 10, 2, 12);

/** A check that failed at FAILED_AT, failing since `since`, retried a minute later. */
export const failing = (failure: Failure, since = FAILED_AT): CheckState => ({
  consecutiveFailures: 1,
  failure,
  failingSince: since,
  lastAttemptAt: FAILED_AT,
  retryAt: FAILED_AT + 60_000,
});
