// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeModules } from '../../helpers/fresh-storage';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import { accountIdentity } from '@/lib/store/accounts';
import { HISTORY_DAYS, packPoints, RECENT_DAYS, type HistoryPoint } from '@/lib/store/history';
import { dayOf } from '@/lib/basics/time';
import { account, GB, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { readWholeHistory, storeAccounts } from '../../helpers/harness';

// Every popup opening and every background run read the recent part of each history, stored
// apart from the whole year only the Settings page reads.

const ME = accountIdentity(account());
const TODAY = dayOf(NOW);
const year: HistoryPoint[] = Array.from({ length: HISTORY_DAYS - 1 }, (_, i): HistoryPoint => [
  TODAY - HISTORY_DAYS + 1 + i,
  Math.round((10 + i / 100) * GB),
  30 * GB,
]);

const freshStorage = storeModules;

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the recent history', () => {
  it(`is the last ${RECENT_DAYS} days, written with each reading beside the whole`, async () => {
    await fakeBrowser.storage.local.set({
      history: { home: { identity: ME, points: packPoints(year) } },
      history$: { v: 1 },
    });
    await storeAccounts([account()]);
    const storage = await freshStorage();
    // Recorded before the recent part was stored apart: read whole until the next reading.
    expect((await storage.loadRecentHistory()).home?.points).toHaveLength(year.length);
    await storage.recordCheck(account(), { reading: [TODAY, 14 * GB, 30 * GB] });
    expect((await readWholeHistory(storage)).home?.points).toHaveLength(year.length + 1);
    const recent = (await storage.loadRecentHistory()).home!.points;
    expect(recent.map(([day]) => day)).toEqual(
      Array.from({ length: RECENT_DAYS }, (_, i) => TODAY - RECENT_DAYS + 1 + i),
    );
    expect(recent.at(-1)).toEqual([TODAY, 14 * GB, 30 * GB]);
    await storage.pruneHistory(() => false);
    expect(await storage.loadRecentHistory()).toEqual({});
  });

  it('is all the popup reads of a history', async () => {
    const recent = year.slice(-RECENT_DAYS);
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({
      snapshots: { home: snapshot(44) },
      history: { home: { identity: ME, points: packPoints(year) } },
      recentHistory: { home: { identity: ME, points: packPoints(recent) } },
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    render(<App now={() => NOW} />);
    await screen.findByRole('article', { name: 'Home' });
    expect(
      screen.getByRole('img', { name: /Usage over the last 30 days: from 13\.\d GB/ }),
    ).toBeTruthy();
    const keys = get.mock.calls.flatMap(([asked]) =>
      asked === null || asked === undefined
        ? ['(everything)']
        : typeof asked === 'string'
          ? [asked]
          : Array.isArray(asked)
            ? asked
            : Object.keys(asked),
    );
    expect(keys).toContain('recentHistory');
    expect(keys).not.toContain('history');
    expect(keys).not.toContain('(everything)');
  });

  it('is what the popup watches: a new reading redraws the sparkline', async () => {
    const recent = year.slice(-RECENT_DAYS);
    await storeAccounts([account()]);
    const stored = (points: HistoryPoint[]) => ({
      home: { identity: ME, points: packPoints(points) },
    });
    await fakeBrowser.storage.local.set({
      snapshots: { home: snapshot(44) },
      recentHistory: stored(recent),
    });
    render(<App now={() => NOW} />);
    expect(await screen.findByRole('img', { name: /from 13\.\d GB to 14 GB/ })).toBeTruthy();
    // The background writes the whole history and its recent part; the popup hears the recent one.
    const next: HistoryPoint[] = [...recent.slice(1), [TODAY, 20 * GB, 30 * GB]];
    await fakeBrowser.storage.local.set({ recentHistory: stored(next) });
    expect(await screen.findByRole('img', { name: /from 13\.\d GB to 20 GB/ })).toBeTruthy();
  });
});
