import { describe, expect, it } from 'vitest';
import type { Account } from '@/lib/store/accounts';
import type { Failure } from '@/lib/service/failures';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import {
  emptySnapshot,
  withCheckState,
  type AccountSnapshot,
  type Check,
} from '@/lib/store/account-state';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import {
  BADGE_COLORS,
  badgeFor,
  badgeTitle,
  type AccountView,
  type BadgeState,
} from '@/lib/outlook/badge';
import { GIB as GB } from '@/lib/basics/bytes';
import { DAY_MS as DAY } from '@/lib/basics/time';

const AT = Date.UTC(2026, 10, 2, 12, 0, 0);
const account = (name: string): Account => ({
  id: `id-${name}`,
  label: name,
  baseUrl: 'https://api.teracloud.jp',
  userId: name,
  password: 'pw',
  apiKey: 'key',
  keyForm: 'header',
  notifications: true,
});

/** An account's view: its usage in percent (if read), a failing check (if any). */
function view(
  name: string,
  percent?: number,
  failure?: { check: Check; failure: Failure },
): AccountView {
  const s = emptySnapshot();
  const read: AccountSnapshot = {
    ...s,
    ...(percent !== undefined && { capacity: { quota: 100 * GB, used: percent * GB, at: AT } }),
    keepAlive: { lastAttemptAt: AT, lastSuccessAt: AT, consecutiveFailures: 0 },
  };
  const snapshot = failure
    ? withCheckState(read, failure.check, {
        lastAttemptAt: AT,
        failure: failure.failure,
        failingSince: AT,
        consecutiveFailures: 1,
      })
    : read;
  return { account: account(name), snapshot };
}
const rejected = { check: 'signIn', failure: { kind: 'credentials-rejected' } } as const;
const outage = { check: 'usageUpdate', failure: { kind: 'network' } } as const;
/** Within the notices' grace (a day), and past it. */
const SOON = AT + 60_000;
const LATER = AT + 2 * 24 * 3_600_000;

describe('badgeFor', () => {
  // [why, accounts, when, text, tone]. The most urgent account speaks for all.
  it.each<[string, AccountView[], number, BadgeState['text'], BadgeState['tone']]>([
    ['no account: empty', [], SOON, '', 'normal'],
    ['usage not read yet: empty', [view('a')], SOON, '', 'normal'],
    ['calm usage in the calm colour', [view('a', 40)], SOON, '40%', 'normal'],
    ['a rounded percentage', [view('a', 40.6)], SOON, '41%', 'normal'],
    ['warning from 90 %', [view('a', 91)], SOON, '91%', 'warning'],
    ['89.5 % is shown as 90 %: warning', [view('a', 89.5)], SOON, '90%', 'warning'],
    ['critical from 95 %', [view('a', 97.5)], SOON, '98%', 'critical'],
    [
      'the fullest account speaks',
      [view('a', 40), view('b', 93), view('c', 60)],
      SOON,
      '93%',
      'warning',
    ],
    ['critical before warning', [view('a', 91), view('b', 96)], SOON, '96%', 'critical'],
    [
      'a rejected password needs the user at once: !',
      [view('a', 40, rejected)],
      SOON,
      '!',
      'needs-you',
    ],
    [
      'one failed usage update (transient): still the percentage',
      [view('a', 40, outage)],
      SOON,
      '40%',
      'normal',
    ],
    ['an outage past the grace: ? in grey', [view('a', 40, outage)], LATER, '?', 'unreachable'],
    [
      'a 99 % account stays while another fails transiently',
      [view('a', 99), view('b', 10, outage)],
      SOON,
      '99%',
      'critical',
    ],
    [
      'critical usage before an outage',
      [view('a', 97), view('b', 10, outage)],
      LATER,
      '97%',
      'critical',
    ],
    [
      'critical usage before a rejected password',
      [view('a', 97), view('b', 10, rejected)],
      SOON,
      '97%',
      'critical',
    ],
    [
      'needs-you before warning usage',
      [view('a', 93), view('b', 10, rejected)],
      SOON,
      '!',
      'needs-you',
    ],
    [
      'warning usage before an outage',
      [view('a', 93), view('b', 10, outage)],
      LATER,
      '93%',
      'warning',
    ],
    [
      'an outage before calm usage',
      [view('a', 40), view('b', 10, outage)],
      LATER,
      '?',
      'unreachable',
    ],
    [
      'a failing account with no figures still shows !',
      [view('a', 40), view('b', undefined, rejected)],
      SOON,
      '!',
      'needs-you',
    ],
  ])('%s', (_why, views, now, text, tone) => {
    expect(badgeFor(views, DEFAULT_SETTINGS, now)).toMatchObject({ text, tone });
  });

  it('lists every account for the title: usage and its level, last sign-in and standing', () => {
    expect(
      badgeFor([view('a', 40), view('b', undefined, rejected)], DEFAULT_SETTINGS, SOON).accounts,
    ).toEqual([
      { name: 'a', percent: 40, level: 'normal', keptAliveAt: AT, standing: { kind: 'fine' } },
      {
        name: 'b',
        standing: {
          kind: 'needs-you',
          failure: { kind: 'credentials-rejected' },
          check: 'signIn',
          failedAt: AT,
        },
        next: AT + DAY,
      },
    ]);
  });

  // The badge has room for four characters; the card and the tooltip say the same figure.
  it.each<[number, string]>([
    [5.5, '5.5%'],
    [40.6, '41%'],
    [99.5, '99%'],
    [99.96, '99%'],
    [100, '100%'],
  ])('%s percent reads "%s" on the badge and in its tooltip alike', (percent, text) => {
    installFakeExtensionApis();
    const state = badgeFor([view('a', percent)], DEFAULT_SETTINGS, SOON);
    expect(state.text).toBe(text);
    expect(badgeTitle(state, 'en')).toContain(text);
  });

  it('draws each tone in a colour of its own: a failure never looks like calm usage', () => {
    expect(new Set(Object.values(BADGE_COLORS)).size).toBe(Object.keys(BADGE_COLORS).length);
  });
});
