// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App as Popup } from '@/entrypoints/popup/App';
import { App as Options } from '@/entrypoints/options/App';
import { badgeFor, badgeTitle } from '@/lib/outlook/badge';
import { showNotice } from '@/lib/background/display';
import { formatDate, formatDateTime } from '@/lib/i18n/format';
import { safetyLine } from '@/lib/outlook/deletion-date';
import { transientLine } from '@/lib/outlook/retry-words';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { account, NOW, snapshot } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../helpers/harness';

// Issue 27, item 1: a sign-in (and a usage update) recorded while the clock ran a year ahead,
// the clock since set right. A past event never reads in the future tense, wherever it is told.
const YEAR = 365 * 86_400_000;
const ahead: AccountSnapshot = snapshot(40, {
  keepAlive: { lastAttemptAt: NOW + YEAR, lastSuccessAt: NOW + YEAR, consecutiveFailures: 0 },
  refresh: { lastAttemptAt: NOW + YEAR, lastSuccessAt: NOW + YEAR, consecutiveFailures: 0 },
});
ahead.capacity!.at = NOW + YEAR;

/** Each language's words: the past as "just now", and what would give the future tense away. */
const WORDS = {
  en: {
    signIn: 'Last sign-in just now',
    usage: 'Usage updated just now',
    future: /\bin \d+ (day|hour|minute)s?\b/,
  },
  ja: {
    signIn: '前回のサインイン: たった今',
    usage: '使用量の更新: たった今',
    future: /\d+ ?(日|時間|分)後/,
  },
} as const;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe.each(['en', 'ja'] as const)('a sign-in dated a year ahead (%s)', (locale) => {
  const words = WORDS[locale];
  beforeEach(async () => {
    installFakeExtensionApis({ locale });
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({ snapshots: { home: ahead } });
  });

  it('the popup card: last sign-in and usage update "just now", nothing in the future tense but the next sign-in', async () => {
    render(<Popup now={() => NOW} />);
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(within(card).getByText(words.signIn)).toBeTruthy();
    expect(within(card).getByText(words.usage)).toBeTruthy();
    expect(card.textContent).not.toMatch(words.future);
  });

  it('the Settings page\'s account list: last sign-in "just now"', async () => {
    openSettingsPage();
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    render(<Options />);
    const entry = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    expect(within(entry).getByText(words.signIn)).toBeTruthy();
    expect(entry.textContent).not.toMatch(words.future);
  });
});

describe('the other past times, dated a year ahead, are told as now', () => {
  beforeEach(() => installFakeExtensionApis());

  it("the badge's tooltip names now as the last sign-in, not next year's date", () => {
    const title = badgeTitle(
      badgeFor([{ account: account(), snapshot: ahead }], DEFAULT_SETTINGS, NOW),
      'en',
    );
    expect(title).toContain(`Last sign-in ${formatDateTime(NOW, 'en')}`);
    expect(title).not.toContain(formatDate(NOW + YEAR, 'en'));
  });

  it('the safety line (card and notice) counts the deletion from now, not from next year', () => {
    expect(safetyLine(NOW + YEAR, NOW, 'en')).toBe(safetyLine(NOW, NOW, 'en'));
    expect(safetyLine(NOW + YEAR, NOW, 'en')).toContain(formatDate(NOW + 2 * YEAR, 'en'));
  });

  it('the "sign-in is failing" notice names now as the last sign-in, and the deletion two years from it', async () => {
    let message = '';
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation(
      (async (id: string, options: { message: string }) => (
        (message = options.message),
        id
      )) as never,
    );
    await showNotice(
      account(),
      {
        kind: 'sign-in-failing',
        failure: { kind: 'network' },
        failingSince: NOW - 2 * 86_400_000,
        lastSuccessAt: NOW + YEAR,
      },
      NOW,
    );
    expect(message).toContain(safetyLine(NOW, NOW, 'en'));
  });

  it('a failed check dated ahead "failed just now"', () => {
    const standing = {
      kind: 'transient',
      failure: { kind: 'network' },
      check: 'signIn',
      failedAt: NOW + YEAR,
    } as const;
    expect(transientLine(standing, NOW + 300_000, NOW, 'en')).toBe(
      'The last check failed just now. Storage Keeper tries again in 5 minutes.',
    );
  });
});
