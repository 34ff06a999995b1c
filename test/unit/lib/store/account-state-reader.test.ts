import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { emptySnapshot } from '@/lib/store/account-state';
import { freshStorage, raw } from '../../helpers/fresh-storage';

// A stored snapshot read part by part, as a new worker or page loads it from raw storage.local.

beforeEach(() => fakeBrowser.reset());

describe('damaged entries', () => {
  it('reads a snapshot part by part: what is damaged starts over, the rest is kept', async () => {
    const capacity = { quota: 10, used: 5, at: 1 };
    await fakeBrowser.storage.local.set({
      snapshots: {
        a1: {
          ...emptySnapshot(),
          capacity,
          user: { node: 7, at: 1, apiKey: 'not an object' },
          refresh: { consecutiveFailures: -1 },
        },
        a2: {
          keepAlive: 'x',
          refresh: { consecutiveFailures: 2, failure: { kind: 'from-the-future' } },
        },
        a3: 'junk',
      },
    });
    const snapshots = await (await freshStorage()).loadSnapshots();
    // Odd details are kept for the pages to show as unknown; a node that is not text is read again.
    expect(snapshots.a1).toEqual({
      ...emptySnapshot(),
      capacity,
      user: { node: 7, at: 1, apiKey: 'not an object' },
      nodeStale: true,
    });
    expect(snapshots.a2).toEqual(emptySnapshot());
    expect(snapshots.a3).toEqual(emptySnapshot());
  });
});

describe('what the user was told (alerts)', () => {
  it('reads the sign-in notices under their stored names into the product’s words, and writes them back so', async () => {
    const stored = {
      keepAlive: { consecutiveFailures: 0 },
      refresh: { consecutiveFailures: 0 },
      alerts: { usage: 'normal', keepAliveNotices: 2, keepAliveNoticeAt: 1_000, forecast: false },
    };
    await fakeBrowser.storage.local.set({ snapshots: { a1: stored, gone: stored } });
    const storage = await freshStorage();
    expect((await storage.loadSnapshots()).a1!.alerts).toEqual({
      usage: 'normal',
      signInNotices: 2,
      signInNoticeAt: 1_000,
      forecast: false,
    });
    // Written back as read: the first release's names, nothing under the product's.
    await storage.pruneSnapshots((id) => id === 'a1');
    expect(await raw('snapshots')).toEqual({ a1: stored });
  });

  it('reads each field on its own: a damaged one takes its default, the others are kept', async () => {
    await fakeBrowser.storage.local.set({
      snapshots: {
        a1: {
          ...emptySnapshot(),
          alerts: {
            usage: 'warning',
            keepAliveNotices: 2,
            forecast: true,
            bonusEnd: '2027-01-31 09:00:00.0',
          },
        },
        a2: {
          ...emptySnapshot(),
          alerts: { usage: 'warning', keepAliveNotices: 2, forecast: 'yes', bonusEnd: 7 },
        },
        a3: { ...emptySnapshot(), alerts: { usage: 'normal', keepAliveNotices: 0 } }, // written before forecasts
      },
    });
    const snapshots = await (await freshStorage()).loadSnapshots();
    expect(snapshots.a1?.alerts).toEqual({
      usage: 'warning',
      signInNotices: 2,
      forecast: true,
      bonusEnd: '2027-01-31 09:00:00.0',
    });
    expect(snapshots.a2?.alerts).toEqual({
      usage: 'warning',
      signInNotices: 2,
      forecast: false,
    });
    expect(snapshots.a3?.alerts).toEqual({ usage: 'normal', signInNotices: 0, forecast: false });
  });
});
