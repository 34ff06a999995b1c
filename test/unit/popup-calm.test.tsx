// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import type { Failure } from '@/lib/service/failures';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { account, NOW, snapshot } from './helpers/fixtures';
import { installFakeExtensionApis } from './helpers/fake-extension';
import { storeAccounts } from './helpers/harness';
import { DAY_MS as DAY, MINUTE_MS as MIN } from '@/lib/time';

// Issue 17, items 1 and 3: the card follows the notices' rule. One failed check is one quiet
// line; the alarm (failure sentence, deletion date, out-of-date figures) waits a real day.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

/** The home account whose sign-in failed at NOW (first failure `since`), retried at `retryAt`. */
const signInFailed = (failure: Failure, since: number, retryAt: number, capacityAt = NOW - 3 * MIN): AccountSnapshot => {
  const base = snapshot(44);
  return {
    ...base,
    capacity: { ...base.capacity!, at: capacityAt },
    keepAlive: { consecutiveFailures: 1, failure, failingSince: since, lastAttemptAt: NOW, lastSuccessAt: NOW - 25 * 3_600_000, retryAt },
  };
};

async function card(stored: AccountSnapshot) {
  await storeAccounts([account()]);
  await fakeBrowser.storage.local.set({ snapshots: { home: stored } });
  render(<App now={() => NOW} />);
  return screen.findByRole('article', { name: 'Home' });
}

describe('one failed check leaves the card calm', () => {
  it('says when it failed and when it tries again, in one quiet line; no alarm, no deletion date, figures not out of date', async () => {
    const home = await card(signInFailed({ kind: 'network' }, NOW, NOW + 5 * MIN));
    expect(home.querySelector('.card__quiet')?.textContent).toBe('The last check failed this minute. Storage Keeper tries again in 5 minutes.');
    expect(home.querySelector('.failure')).toBeNull();
    expect(home.textContent).not.toContain('deleted after about two years');
    expect(home.textContent).not.toContain('may be out of date');
    expect(home.querySelector('.usage--stale')).toBeNull();
    expect(home.textContent).toContain('44%');
  });

  it('after more than a day of failing: the failure, the retry, and the deletion date', async () => {
    const home = await card(signInFailed({ kind: 'network' }, NOW - DAY - MIN, NOW + 60 * MIN));
    expect(home.querySelector('.failure')?.textContent).toContain('The service could not be reached.');
    expect(home.textContent).toContain('Next try in 1 hour.');
    expect(home.textContent).toContain('Free accounts are deleted after about two years without a sign-in');
  });

  it('calls the figures out of date only after three missed usage updates', async () => {
    const fresh = await card(signInFailed({ kind: 'network' }, NOW, NOW + 5 * MIN, NOW - 90 * MIN));
    expect(fresh.textContent).not.toContain('may be out of date');
    cleanup();
    const old = await card(signInFailed({ kind: 'network' }, NOW, NOW + 5 * MIN, NOW - 91 * MIN));
    expect(old.textContent).toContain('These figures are from 2 hours ago and may be out of date.');
  });

  it('a rejected password needs the user at once (still no deletion date on the first day)', async () => {
    const home = await card(signInFailed({ kind: 'credentials-rejected' }, NOW, NOW + 24 * 60 * MIN));
    expect(home.querySelector('.failure')?.textContent).toContain('The user ID or apps password was rejected.');
    expect(home.textContent).not.toContain('deleted after about two years');
  });
});

describe('the retry the extension scheduled, in words', () => {
  it('a Retry-After of two years, capped by the schedule at a day: "tomorrow", not a million minutes', async () => {
    const twoYears = 2 * 365 * DAY;
    const home = await card(signInFailed({ kind: 'rate-limited', retryAfterMs: twoYears }, NOW, NOW + DAY));
    expect(home.textContent).toContain('Storage Keeper tries again tomorrow.');
    expect(home.textContent).not.toMatch(/\d{4,} min/);
  });

  it('in hours when it is hours away, in Japanese too', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    const home = await card(signInFailed({ kind: 'server-error', status: 503, retryAfterMs: 3 * 3_600_000 }, NOW, NOW + 3 * 3_600_000));
    expect(home.querySelector('.card__quiet')?.textContent).toBe('確認に失敗しました（1 分以内）。3 時間後に再試行します。');
  });
});

describe('the next sign-in, in the words of the Settings page', () => {
  it('an overdue sign-in (the browser was closed) is "shortly" on the card, as in the list', async () => {
    const base = snapshot(44);
    const overdue = { ...base, keepAlive: { ...base.keepAlive, lastAttemptAt: NOW - 25 * 3_600_000, lastSuccessAt: NOW - 25 * 3_600_000 } };
    expect((await card(overdue)).textContent).toContain('Next sign-in shortly');
  });

  it('one due within the minute is "shortly" too, never "this minute"', async () => {
    const base = snapshot(44);
    const due = NOW - 24 * 3_600_000 + 30_000;
    const soon = { ...base, keepAlive: { ...base.keepAlive, lastAttemptAt: due, lastSuccessAt: due } };
    const text = (await card(soon)).textContent;
    expect(text).toContain('Next sign-in shortly');
    expect(text).not.toContain('this minute');
  });
});

