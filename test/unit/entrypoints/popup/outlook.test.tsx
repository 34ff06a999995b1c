// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import { accountIdentity } from '@/lib/store/accounts';
import { packPoints, type HistoryPoint } from '@/lib/store/history';
import { dayOf } from '@/lib/basics/time';
import { account, GB, NOW, snapshot, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { storeAccounts } from '../../helpers/harness';
import { DAY_MS as DAY } from '@/lib/basics/time';
import { BONUS_WARNING_MS } from '@/lib/outlook/bonus';

// The popup card's outlook: the last 30 days as a sparkline with its words, where usage is
// heading, when a login was last recorded and (while the sign-in fails) how long is left, and
// the bonus whose end would leave the account over its capacity.

const TODAY = dayOf(NOW);
const QUOTA = 28 * GB;

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

/** `days` daily points up to today; usage by index. */
const daily = (days: number, used: (i: number) => number): HistoryPoint[] =>
  Array.from({ length: days }, (_, i): HistoryPoint => [
    TODAY - days + 1 + i,
    Math.round(used(i)),
    QUOTA,
  ]);

async function show(
  points: HistoryPoint[],
  snap = snapshot(44),
  identity = accountIdentity(account()),
) {
  await storeAccounts([account()]);
  await fakeBrowser.storage.local.set({
    snapshots: { home: snap },
    history: { home: { identity, points: packPoints(points) } },
  });
  render(<App now={() => NOW} />);
  return screen.findByRole('article', { name: 'Home' });
}

describe('the usage trend', () => {
  it('draws the last 30 days with a text alternative, and says when the account will be full', async () => {
    // 40 days of history, 0.25 GB a day: 12 GB used today, 16 GB left, 64 days.
    const card = await show(daily(40, (i) => 2.25 * GB + (i * GB) / 4));
    const line = within(card).getByRole('img');
    expect(line.getAttribute('aria-label')).toBe(
      'Usage over the last 30 days: from 4.8 GB to 12 GB.',
    );
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(NOW + 64 * DAY);
    expect(card.textContent).toContain(`At this rate, full in about 64 days (around ${date}).`);
  });

  it('says "not filling up" when usage is flat or falling', async () => {
    const card = await show(daily(10, (i) => 12 * GB - (i * GB) / 10));
    expect(card.textContent).toContain('At this rate, not filling up.');
    expect(card.textContent).not.toContain('full in about');
  });

  it('draws the line but forecasts nothing from under a week of data', async () => {
    const card = await show(daily(3, (i) => 10 * GB + i * GB));
    expect(within(card).getByRole('img')).toBeTruthy();
    expect(card.textContent).not.toMatch(/full in about|not filling up/);
  });

  it('shows nothing of a history that belongs to the account’s old server or user', async () => {
    const card = await show(
      daily(20, (i) => 10 * GB + i * GB),
      snapshot(44),
      accountIdentity({ baseUrl: 'https://api.teracloud.jp', userId: 'someone-else' }),
    );
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.textContent).not.toMatch(/full in about|not filling up/);
  });

  it('is in the compact cards of several accounts too', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    await fakeBrowser.storage.local.set({
      snapshots: { home: snapshot(44), work: snapshot(20) },
      history: {
        home: {
          identity: accountIdentity(account()),
          points: packPoints(daily(10, (i) => 10 * GB + (i * GB) / 2)),
        },
      },
    });
    render(<App now={() => NOW} />);
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.classList.contains('card--compact')).toBe(true);
    expect(within(card).getByRole('img')).toBeTruthy();
    expect(card.textContent).toContain('full in about');
  });
});

describe('the safety line', () => {
  it('says when it last signed in; once sign-in has failed as long as the notice waits, since when and until when', async () => {
    const lastSuccessAt = Date.UTC(2026, 2, 2, 10);
    const failing = snapshot(44, {
      keepAlive: {
        consecutiveFailures: 3,
        failure: { kind: 'network' },
        failingSince: NOW - DAY - 60_000,
        lastAttemptAt: NOW,
        lastSuccessAt,
      },
    });
    const card = await show([], failing);
    expect(card.textContent).toContain(
      'No sign-in since Mar 2, 2026. Free accounts are deleted after about two years without a sign-in: around Mar 1, 2028 if this goes on.',
    );
    expect(card.textContent).toContain('Last sign-in 264 days ago');
  });

  it('is not shown while the sign-in works', async () => {
    const card = await show([]);
    expect(card.textContent).toContain('Last sign-in 2 hours ago');
    expect(card.textContent).not.toContain('without a sign-in');
  });

  it('says so when it never signed in', async () => {
    const card = await show(
      [],
      snapshot(44, {
        keepAlive: {
          consecutiveFailures: 1,
          failure: { kind: 'credentials-rejected' },
          lastAttemptAt: NOW,
          failingSince: NOW - 2 * DAY,
        },
      }),
    );
    expect(card.textContent).toContain('Storage Keeper has not signed in to this account yet.');
    expect(card.textContent).not.toContain('Last sign-in');
  });
});

describe('the bonus that is about to end', () => {
  const withBonus = (percent: number, untilMs: number) =>
    snapshot(percent, {
      user: {
        ...userInfo({
          apiKey: {
            ...userInfo().apiKey,
            bonus: {
              since: { epochMs: NOW - 60 * DAY, raw: '' },
              until: { epochMs: untilMs, raw: 'x' },
              increaseGb: 5,
            },
          },
        }),
        at: NOW,
      },
    });

  it('warns when it ends within 30 days and the usage would not fit without it', async () => {
    // 28 GB with the bonus, 23 GB without; 90 % used is 25.2 GB: 2.2 GB over.
    const card = await show([], withBonus(90, Date.UTC(2026, 11, 11, 3)));
    expect(card.textContent).toContain(
      'When the +5 GB bonus ends on Dec 11, 2026, this account will be 2.2 GB over its capacity.',
    );
  });

  it.each([
    ['it ends later than 30 days', withBonus(90, NOW + BONUS_WARNING_MS + DAY)],
    ['the usage fits without it', withBonus(80, NOW + 10 * DAY)],
  ])('says nothing when %s', async (_name, snap) => {
    const card = await show([], snap);
    expect(card.textContent).not.toContain('over its capacity');
  });

  it('forecasts against the quota left after the bonus when it ends before the forecast date, in one sentence', async () => {
    // 12 GB used, 0.25 GB a day; 28 GB with the +5 GB bonus (64 days), 23 GB without it: 44 days.
    const card = await show(
      daily(40, (i) => 2.25 * GB + (i * GB) / 4),
      withBonus(43, NOW + 20 * DAY),
    );
    const date = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ms);
    expect(card.textContent).toContain(
      `At this rate, full in about 44 days (around ${date(NOW + 44 * DAY)}), counting the quota after the +5 GB bonus ends on ${date(NOW + 20 * DAY)}.`,
    );
    expect(card.textContent).not.toContain('64 days');
  });

  it('leaves the date to the warning when the usage will not fit once the bonus ends: no forecast repeating it', async () => {
    // 25.2 GB used and rising; 23 GB after the bonus ends in 10 days: the warning says it all.
    const card = await show(
      daily(40, (i) => 15.2 * GB + (i * GB) / 4),
      withBonus(90, NOW + 10 * DAY),
    );
    expect(card.textContent).toContain('this account will be 2.2 GB over its capacity');
    expect(card.textContent).not.toContain('At this rate');
    expect(card.querySelector('svg[role="img"]')).not.toBeNull();
  });

  it('keeps the plain forecast when the bonus ends after the forecast date', async () => {
    const card = await show(
      daily(40, (i) => 2.25 * GB + (i * GB) / 4),
      withBonus(43, NOW + 90 * DAY),
    );
    expect(card.textContent).toContain('At this rate, full in about 64 days');
    expect(card.textContent).not.toContain('counting the quota after');
  });
});
