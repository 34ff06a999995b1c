// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App as Popup } from '@/entrypoints/popup/App';
import { App as Options } from '@/entrypoints/options/App';
import { nextAttempts, type NextAttempts } from '@/lib/outlook/next-attempts';
import { badgeFor, badgeTitle } from '@/lib/outlook/badge';
import { standingOf } from '@/lib/outlook/standing';
import { emptySnapshot, type AccountSnapshot, type CheckState } from '@/lib/store/account-state';
import type { Failure } from '@/lib/service/failures';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../../helpers/harness';

// Issue 27, item 2: one decider of the next sign-in and of the failing check's next attempt, for
// the popup's card, the Settings page's list and the badge's tooltip.
const [MINUTE, HOUR, DAY] = [60_000, 3_600_000, 86_400_000];

/** A check that failed a minute ago (failing since `since`), retried at `retryAt`. */
const failed = (
  failure: Failure,
  since = NOW - MINUTE,
  retryAt = NOW + 5 * MINUTE,
): CheckState => ({
  lastAttemptAt: NOW - MINUTE,
  lastSuccessAt: NOW - 25 * HOUR,
  failingSince: since,
  consecutiveFailures: 1,
  failure,
  retryAt,
});
const network = { kind: 'network' } as const;
const rejected = { kind: 'credentials-rejected' } as const;
const blocked = { kind: 'permission-missing', origin: 'https://api.teracloud.jp/*' } as const;
const AHEAD = NOW + 365 * DAY;

// [state, its snapshot, what comes next]. Defaults: a daily sign-in, usage every 30 minutes; fine means signed in 2 hours ago.
const CASES: [string, AccountSnapshot, NextAttempts][] = [
  ['all fine', snapshot(40), { signIn: NOW + 22 * HOUR }],
  ['never signed in: at once', emptySnapshot(), { signIn: NOW }],
  [
    'a sign-in dated a year ahead: due',
    snapshot(40, {
      keepAlive: { lastAttemptAt: AHEAD, lastSuccessAt: AHEAD, consecutiveFailures: 0 },
    }),
    { signIn: NOW },
  ],
  [
    'the sign-in failed once: its retry tells it',
    snapshot(40, { keepAlive: failed(network) }),
    { retry: NOW + 5 * MINUTE },
  ],
  [
    'the usage update failed once: its retry, and the sign-in on schedule',
    snapshot(40, { refresh: failed(network) }),
    { retry: NOW + 5 * MINUTE, signIn: NOW + 22 * HOUR },
  ],
  [
    'the usage update failed once, its retry after its schedule: the schedule comes first',
    snapshot(40, { refresh: failed(network, NOW - MINUTE, NOW + HOUR) }),
    { retry: NOW + 29 * MINUTE, signIn: NOW + 22 * HOUR },
  ],
  [
    'the usage update out for two days: the same',
    snapshot(40, { refresh: failed(network, NOW - 2 * DAY, NOW + HOUR) }),
    { retry: NOW + 29 * MINUTE, signIn: NOW + 22 * HOUR },
  ],
  [
    'the sign-in refused: its retry tells it',
    snapshot(40, { keepAlive: failed(rejected) }),
    { retry: NOW + 5 * MINUTE },
  ],
  [
    'the usage update refused: its retry, and the sign-in on schedule',
    snapshot(40, { refresh: failed(rejected) }),
    { retry: NOW + 5 * MINUTE, signIn: NOW + 22 * HOUR },
  ],
  [
    'paused for host access: no sign-in promised',
    snapshot(40, { refresh: failed(blocked) }),
    { retry: NOW + 5 * MINUTE },
  ],
];

describe('nextAttempts', () => {
  it.each(CASES)('%s', (_state, stored, expected) => {
    expect(nextAttempts(stored, standingOf(stored, NOW), DEFAULT_SETTINGS, NOW)).toEqual(expected);
  });
});

/** The lines that name what comes next: the next sign-in, a retry, a pause. */
const timeWords = (lines: string[]) =>
  lines.filter((text) => /next sign-in|tries again|next try|paused/i.test(text)).sort();
/** Those lines on a page: each leaf element's text. */
const timeLines = (root: Element) =>
  timeWords(
    [...root.querySelectorAll('p, span')]
      .filter((el) => el.children.length === 0)
      .map((el) => el.textContent ?? ''),
  );

describe("the card, the Settings page's list and the badge's tooltip name the same times", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installFakeExtensionApis();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it.each(CASES)('%s', async (_state, stored) => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({ snapshots: { home: stored } });
    render(<Popup now={() => NOW} />);
    const card = timeLines(await screen.findByRole('article', { name: 'Home' }));
    cleanup();
    openSettingsPage();
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    render(<Options />);
    const entry = timeLines(
      (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!,
    );
    expect(card.length).toBeGreaterThan(0);
    expect(entry).toEqual(card);
    // The tooltip tells only a failure that passes by itself with its times: in the card's words.
    const title = badgeTitle(
      badgeFor([{ account: account(), snapshot: stored }], DEFAULT_SETTINGS, NOW),
      'en',
    );
    expect(timeWords(title.split('\n'))).toEqual(
      card.filter((line) => line.startsWith('The last check failed')),
    );
  });
});
