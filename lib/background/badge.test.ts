import { describe, expect, it } from 'vitest';
import type { Account } from '../store/accounts';
import type { Failure } from '../service/failures';
import { DEFAULT_SETTINGS } from '../store/settings';
import { emptySnapshot, type AccountSnapshot } from '../store/account-state';
import { BADGE_COLORS, badgeFor, type AccountView, type BadgeState } from './badge';

const GB = 1024 ** 3;
const AT = Date.UTC(2026, 10, 2, 12, 0, 0);
const account = (name: string): Account => ({
  id: `id-${name}`, label: name, baseUrl: 'https://api.teracloud.jp', userId: name, password: 'pw', apiKey: 'key', keyForm: 'header', notifications: true,
});

/** An account's view: its usage in percent (if read), a failing task (if any). */
function view(name: string, percent?: number, failure?: { task: 'keepAlive' | 'refresh'; failure: Failure }): AccountView {
  const s = emptySnapshot();
  const snapshot: AccountSnapshot = {
    ...s,
    ...(percent !== undefined && { capacity: { quota: 100 * GB, used: percent * GB, at: AT } }),
    keepAlive: { lastAttemptAt: AT, lastSuccessAt: AT, consecutiveFailures: 0 },
    ...(failure && { [failure.task]: { lastAttemptAt: AT, failure: failure.failure, failingSince: AT, consecutiveFailures: 1 } }),
  };
  return { account: account(name), snapshot };
}
const rejected = { task: 'keepAlive', failure: { kind: 'credentials-rejected' } } as const;
const outage = { task: 'refresh', failure: { kind: 'network' } } as const;

describe('badgeFor', () => {
  // [why, accounts, text, tone]. The most urgent account speaks for all.
  it.each<[string, AccountView[], BadgeState['text'], BadgeState['tone']]>([
    ['no account: empty', [], '', 'normal'],
    ['usage not read yet: empty', [view('a')], '', 'normal'],
    ['calm usage in the calm colour', [view('a', 40)], '40%', 'normal'],
    ['a rounded percentage', [view('a', 40.6)], '41%', 'normal'],
    ['warning from 90 %', [view('a', 91)], '91%', 'warning'],
    ['89.5 % is shown as 90 %: warning', [view('a', 89.5)], '90%', 'warning'],
    ['critical from 95 %', [view('a', 97.5)], '98%', 'critical'],
    ['the fullest account speaks', [view('a', 40), view('b', 93), view('c', 60)], '93%', 'warning'],
    ['critical before warning', [view('a', 91), view('b', 96)], '96%', 'critical'],
    ['a failing sign-in: ! in the failure colour', [view('a', 40, rejected)], '!', 'failure'],
    ['a failing usage update: ! in the failure colour', [view('a', 40, outage)], '!', 'failure'],
    ['a failure outranks usage', [view('a', 97), view('b', 10, outage)], '!', 'failure'],
    ['a failing account with no figures still shows !', [view('a', 40), view('b', undefined, rejected)], '!', 'failure'],
  ])('%s', (_why, views, text, tone) => {
    expect(badgeFor(views, DEFAULT_SETTINGS)).toMatchObject({ text, tone });
  });

  it('lists every account for the title: usage, last sign-in and problem', () => {
    expect(badgeFor([view('a', 40), view('b', undefined, rejected)], DEFAULT_SETTINGS).accounts).toEqual([
      { name: 'a', percent: 40, keptAliveAt: AT },
      { name: 'b', failure: { kind: 'credentials-rejected' } },
    ]);
  });

  it('draws each tone in a colour of its own: a failure never looks like calm usage', () => {
    expect(new Set(Object.values(BADGE_COLORS)).size).toBe(Object.keys(BADGE_COLORS).length);
  });
});
