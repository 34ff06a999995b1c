// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import type { Failure } from '@/lib/service/failures';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { storeAccounts } from '../../helpers/harness';
import { DAY_MS as DAY, MINUTE_MS as MIN } from '@/lib/basics/time';

// Issue 17, items 1 and 3: the card follows the notices' rule. One failed check is one quiet
// line; the alarm (failure sentence, deletion date, out-of-date figures) waits a real day.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

/** The home account whose sign-in failed at NOW (first failure `since`), retried at `retryAt`. */
const signInFailed = (
  failure: Failure,
  since: number,
  retryAt: number,
  capacityAt = NOW - 3 * MIN,
): AccountSnapshot => {
  const base = snapshot(44);
  return {
    ...base,
    capacity: { ...base.capacity!, at: capacityAt },
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      failingSince: since,
      lastAttemptAt: NOW,
      lastSuccessAt: NOW - 25 * 3_600_000,
      retryAt,
    },
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
    expect(home.querySelector('.card__quiet')?.textContent).toBe(
      'The last check failed just now. Storage Keeper tries again in 5 minutes.',
    );
    expect(home.querySelector('.failure')).toBeNull();
    expect(home.textContent).not.toContain('deleted after about two years');
    expect(home.textContent).not.toContain('may be out of date');
    expect(home.querySelector('.usage--stale')).toBeNull();
    expect(home.textContent).toContain('44%');
  });

  it('after more than a day of failing: the failure, the retry, and the deletion date', async () => {
    const home = await card(signInFailed({ kind: 'network' }, NOW - DAY - MIN, NOW + 60 * MIN));
    expect(home.querySelector('.failure')?.textContent).toContain(
      'The service could not be reached.',
    );
    expect(home.textContent).toContain('Next try in 1 hour.');
    expect(home.textContent).toContain(
      'Free accounts are deleted after about two years without a sign-in',
    );
  });

  it('calls the figures out of date only after three missed usage updates', async () => {
    const fresh = await card(signInFailed({ kind: 'network' }, NOW, NOW + 5 * MIN, NOW - 90 * MIN));
    expect(fresh.textContent).not.toContain('may be out of date');
    cleanup();
    const old = await card(signInFailed({ kind: 'network' }, NOW, NOW + 5 * MIN, NOW - 91 * MIN));
    expect(old.textContent).toContain('These figures are from 2 hours ago and may be out of date.');
  });

  it('a rejected password needs the user at once (still no deletion date on the first day)', async () => {
    const home = await card(
      signInFailed({ kind: 'credentials-rejected' }, NOW, NOW + 24 * 60 * MIN),
    );
    expect(home.querySelector('.failure')?.textContent).toContain(
      'The user ID or apps password was rejected.',
    );
    expect(home.textContent).not.toContain('deleted after about two years');
  });
});

describe('the retry the extension scheduled, in words', () => {
  it('a Retry-After of two years, capped by the schedule at a day: "tomorrow", not a million minutes', async () => {
    const twoYears = 2 * 365 * DAY;
    const home = await card(
      signInFailed({ kind: 'rate-limited', retryAfterMs: twoYears }, NOW, NOW + DAY),
    );
    expect(home.textContent).toContain('Storage Keeper tries again tomorrow.');
    expect(home.textContent).not.toMatch(/\d{4,} min/);
  });

  it('in hours when it is hours away, in Japanese too', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    const home = await card(
      signInFailed(
        { kind: 'server-error', status: 503, retryAfterMs: 3 * 3_600_000 },
        NOW,
        NOW + 3 * 3_600_000,
      ),
    );
    expect(home.querySelector('.card__quiet')?.textContent).toBe(
      'たった今、確認に失敗しました。再試行は3 時間後です。',
    );
  });
});

describe('one time for the next attempt (reviewer: two times on one card)', () => {
  const interval = 24 * 3_600_000;
  /** A sign-in failing for two days whose schedule (in 14 minutes) comes before its retry (in an hour). */
  const scheduleFirst = (failure: Failure): AccountSnapshot => ({
    ...signInFailed(failure, NOW - 2 * DAY, NOW + 60 * MIN),
    keepAlive: {
      consecutiveFailures: 9,
      failure,
      failingSince: NOW - 2 * DAY,
      lastAttemptAt: NOW - interval + 14 * MIN,
      lastSuccessAt: NOW - 3 * DAY,
      retryAt: NOW + 60 * MIN,
    },
  });

  it('an outage names the attempt that really comes first, once: no separate "Next sign-in"', async () => {
    const text = (await card(scheduleFirst({ kind: 'network' }))).textContent;
    expect(text).toContain('Next try in 14 minutes.');
    expect(text).not.toContain('60 minutes');
    expect(text).not.toContain('Next sign-in');
  });

  it('a server that asked to wait: its time, not the earlier schedule (nothing calls it before)', async () => {
    // Usage updates every 30 minutes; the node answered 429 with Retry-After of an hour just now.
    const base = snapshot(44);
    const failure: Failure = { kind: 'rate-limited', retryAfterMs: 60 * MIN };
    const asked = {
      ...base,
      refresh: {
        consecutiveFailures: 1,
        failure,
        failingSince: NOW,
        lastAttemptAt: NOW,
        retryAt: NOW + 60 * MIN,
      },
    };
    const home = await card(asked);
    expect(home.querySelector('.card__quiet')?.textContent).toBe(
      'The last check failed just now. Storage Keeper tries again in 1 hour.',
    );
    expect(home.textContent).not.toContain('30 minutes');
  });

  it('a transient failure too', async () => {
    const home = await card(signInFailed({ kind: 'timeout', afterMs: 30_000 }, NOW, NOW + 5 * MIN));
    expect(home.querySelector('.card__quiet')?.textContent).toContain('tries again in 5 minutes');
    expect(home.textContent).not.toContain('Next sign-in');
  });

  it('a usage update failing leaves the next sign-in its own line', async () => {
    const base = snapshot(44);
    const failing = {
      ...base,
      refresh: {
        consecutiveFailures: 1,
        failure: { kind: 'network' } as Failure,
        failingSince: NOW,
        lastAttemptAt: NOW,
        retryAt: NOW + 5 * MIN,
      },
    };
    expect((await card(failing)).textContent).toContain('Next sign-in in 22 hours');
  });
});

describe('a failure only the user can end (reviewer: "Next try this minute" and "Next sign-in shortly")', () => {
  it('a rejected password: retried at the next sign-in, or as soon as the account is updated; one line', async () => {
    const text = (await card(signInFailed({ kind: 'credentials-rejected' }, NOW, NOW + DAY)))
      .textContent;
    expect(text).toContain('Tries again tomorrow, or as soon as you update the account.');
    expect(text).not.toContain('Next sign-in');
    expect(text).not.toContain('Next try');
  });

  it('nothing sent (details missing): paused until the user updates it, no retry promised', async () => {
    const base = snapshot(44);
    const missing = {
      ...base,
      keepAlive: {
        consecutiveFailures: 1,
        failure: { kind: 'not-configured', missing: ['password'] } as Failure,
        failingSince: NOW,
        lastAttemptAt: NOW,
      },
    };
    const text = (await card(missing)).textContent;
    expect(text).toContain('Paused until you update this account');
    expect(text).not.toMatch(/Next sign-in|Next try|Tries again/);
  });

  it('access not granted: paused until access is allowed (in Japanese too)', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    const base = snapshot(44);
    const denied = {
      ...base,
      keepAlive: {
        consecutiveFailures: 1,
        failure: { kind: 'permission-missing', origin: 'https://x.example' } as Failure,
        failingSince: NOW,
        lastAttemptAt: NOW,
      },
    };
    const text = (await card(denied)).textContent;
    expect(text).toContain('アクセスを許可するまで停止中です');
    expect(text).not.toContain('次回のサインイン');
  });
});

describe('the next sign-in, in the words of the Settings page', () => {
  it('an overdue sign-in (the browser was closed) is "shortly" on the card, as in the list', async () => {
    const base = snapshot(44);
    const overdue = {
      ...base,
      keepAlive: {
        ...base.keepAlive,
        lastAttemptAt: NOW - 25 * 3_600_000,
        lastSuccessAt: NOW - 25 * 3_600_000,
      },
    };
    expect((await card(overdue)).textContent).toContain('Next sign-in shortly');
  });

  // A clock once set ahead a year, then set right: the sign-in runs at the next alarm or worker
  // start (isDue), not in a year.
  const aheadAYear = () => {
    const base = snapshot(44);
    const ahead = NOW + 365 * DAY;
    return {
      ...base,
      keepAlive: { ...base.keepAlive, lastAttemptAt: ahead, lastSuccessAt: ahead },
    };
  };

  it('an attempt dated a year ahead (the clock since set back) is due: "shortly", as an overdue one', async () => {
    const text = (await card(aheadAYear())).textContent;
    expect(text).toContain('Next sign-in shortly');
    expect(text).not.toMatch(/Next sign-in in/);
  });

  it('the same in Japanese', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    const text = (await card(aheadAYear())).textContent;
    expect(text).toContain('次回のサインイン: まもなく');
    expect(text).not.toMatch(/次回のサインイン: \d/);
  });

  it('one due within the minute is "shortly" too, never "this minute"', async () => {
    const base = snapshot(44);
    const due = NOW - 24 * 3_600_000 + 30_000;
    const soon = {
      ...base,
      keepAlive: { ...base.keepAlive, lastAttemptAt: due, lastSuccessAt: due },
    };
    const text = (await card(soon)).textContent;
    expect(text).toContain('Next sign-in shortly');
    expect(text).not.toContain('this minute');
  });
});
