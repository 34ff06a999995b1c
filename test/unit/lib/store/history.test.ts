import { beforeEach, describe, expect, it, vi } from 'vitest';
import { raw, storeModulesWith } from '../../helpers/fresh-storage';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountIdentity } from '@/lib/store/accounts';
import {
  addPoint,
  HISTORY_DAYS,
  lastDays,
  packPoints,
  unpackPoints,
  type HistoryPoint,
} from '@/lib/store/history';
import { ALARM } from '@/lib/store/stored-names';
import { dayOf } from '@/lib/basics/time';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import {
  clock,
  DAY,
  HOUR,
  readWholeHistory,
  storeAccounts,
  backgroundSuite,
} from '../../helpers/harness';
import { GIB as GB } from '@/lib/basics/bytes';
import { account as fixtureAccount } from '../../helpers/fixtures';

// Usage history: one point a day, a little over a year, small, read through guards, recorded
// only for the credentials it was read with, gone with the account or its old server and user.

const ME = accountIdentity({ baseUrl: 'https://api.teracloud.jp', userId: 'me' });

const me = fixtureAccount({ id: 'a1', userId: 'me' });

describe('a history (pure)', () => {
  it('keeps the day’s last reading, in day order', () => {
    let history = addPoint(undefined, ME, [101, 5, 100]);
    history = addPoint(history, ME, [100, 4, 100]);
    history = addPoint(history, ME, [101, 7, 100]);
    expect(history).toEqual({
      identity: ME,
      points: [
        [100, 4, 100],
        [101, 7, 100],
      ],
    });
  });

  it(`keeps ${HISTORY_DAYS} days and no more`, () => {
    let history = addPoint(undefined, ME, [0, 0, 100]);
    for (let day = 1; day < 500; day++) history = addPoint(history, ME, [day, day, 1000]);
    expect(history.points).toHaveLength(HISTORY_DAYS);
    expect(history.points[0]).toEqual([500 - HISTORY_DAYS, 500 - HISTORY_DAYS, 1000]);
    expect(history.points.at(-1)).toEqual([499, 499, 1000]);
  });

  it('counts its days back from today: a point dated years ahead goes, and takes no real day with it', () => {
    const today = 20_000;
    const real: HistoryPoint[] = [
      [today - HISTORY_DAYS + 1, 1, 9],
      [today - 30, 2, 9],
      [today - 1, 3, 9],
    ];
    const history = addPoint({ identity: ME, points: [...real, [today + 500, 4, 9]] }, ME, [
      today,
      5,
      9,
    ]);
    expect(history.points).toEqual([...real, [today, 5, 9]]);
    // A move across time zones can put the local date back two days: those days are real.
    expect(addPoint(history, ME, [today - 2, 6, 9]).points.slice(-3)).toEqual([
      [today - 2, 6, 9],
      [today - 1, 3, 9],
      [today, 5, 9],
    ]);
  });

  it('starts over for another server or user', () => {
    const other = accountIdentity({ baseUrl: 'https://api.teracloud.jp', userId: 'someone-else' });
    expect(addPoint({ identity: ME, points: [[1, 2, 3]] }, other, [2, 9, 9])).toEqual({
      identity: other,
      points: [[2, 9, 9]],
    });
  });

  it('packs its points into one string and back', () => {
    const points: HistoryPoint[] = [
      [20412, 13207024435, 30064771072],
      [20413, 0, 1],
    ];
    expect(packPoints(points)).toBe('20412,13207024435,30064771072;20413,0,1');
    expect(unpackPoints(packPoints(points))).toEqual(points);
    expect(unpackPoints('')).toEqual([]);
  });

  it('gives the last days up to today', () => {
    const points: HistoryPoint[] = [
      [1, 0, 9],
      [5, 0, 9],
      [6, 0, 9],
      [7, 0, 9],
    ];
    expect(lastDays(points, 6, 2)).toEqual([
      [5, 0, 9],
      [6, 0, 9],
    ]);
  });
});

describe('stored history', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a year of readings takes at most 16 KB per account, even with the largest byte counts', async () => {
    const storage = await storeModulesWith(me);
    const start = dayOf(Date.UTC(2026, 0, 1));
    for (let day = start; day < start + 366; day++)
      await storage.recordCheck(me, {
        reading: [day, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
      });
    const stored = JSON.stringify(((await raw('history')) as Record<string, unknown>).a1);
    expect((await readWholeHistory(storage)).a1!.points).toHaveLength(366);
    expect(new TextEncoder().encode(stored).length).toBeLessThanOrEqual(16 * 1024);
  });

  it('reads what it can: damaged points, entries and orders are left out, other accounts’ entries stay stored', async () => {
    await fakeBrowser.storage.local.set({
      history: {
        a1: { identity: ME, points: '1,2,3;2,-1,3;x;3,2,3,4;4,2.5,3;5,4,9;5,1,9;4,1,9;6,1,9' },
        a2: { identity: 7, points: '' },
        a3: 'junk',
        a4: { identity: ME, points: [[1, 2, 3]] }, // not the stored form
      },
      history$: { v: 1 },
    });
    const storage = await storeModulesWith(me);
    expect(await readWholeHistory(storage)).toEqual({
      a1: {
        identity: ME,
        points: [
          [1, 2, 3],
          [5, 4, 9],
          [6, 1, 9],
        ],
      },
    });
    await storage.recordCheck(me, { reading: [7, 5, 9] });
    const history = (await raw('history')) as Record<string, unknown>;
    expect(history).toMatchObject({
      a2: { identity: 7, points: '' },
      a3: 'junk',
      a4: { identity: ME, points: [[1, 2, 3]] },
    });
    expect(history.a1).toEqual({ identity: ME, points: '1,2,3;5,4,9;6,1,9;7,5,9' });
  });

  it('starts from nothing when the stored value is not an object', async () => {
    await fakeBrowser.storage.local.set({ history: ['not', 'an', 'object'] });
    const storage = await storeModulesWith(me);
    expect(await readWholeHistory(storage)).toEqual({});
    await storage.recordCheck(me, { reading: [1, 2, 3] });
    expect(await readWholeHistory(storage)).toEqual({ a1: { identity: ME, points: [[1, 2, 3]] } });
  });

  it('keeps the points of a build whose days are shorter (the e2e build: 10 s days number past the real-day date limit)', async () => {
    vi.resetModules();
    vi.doMock('@/lib/basics/time', async (real) => ({
      ...(await real<typeof import('@/lib/basics/time')>()),
      DAY_MS: 10_000,
      dayOf: (at: number) => Math.floor(at / 10_000),
    }));
    try {
      const { addPoint, readHistory, packPoints } = await import('@/lib/store/history');
      const today = Math.floor(Date.UTC(2026, 10, 24) / 10_000);
      let history = addPoint(undefined, ME, [today, 1, 9]);
      history = addPoint(readHistory({ identity: ME, points: packPoints(history.points) }), ME, [
        today + 1,
        2,
        9,
      ]);
      expect(readHistory({ identity: ME, points: packPoints(history.points) })?.points).toEqual([
        [today, 1, 9],
        [today + 1, 2, 9],
      ]);
    } finally {
      vi.doUnmock('@/lib/basics/time');
      vi.resetModules();
    }
  });

  it('writes no reading for an account removed, or stored with other credentials, since its check read it', async () => {
    const storage = await storeModulesWith(me);
    await storeAccounts([{ ...me, userId: 'someone-else' }]);
    await storage.recordCheck(me, { reading: [1, 2, 3] });
    await storeAccounts([]);
    await storage.recordCheck(me, { reading: [2, 2, 3] });
    await fakeBrowser.storage.local.clear(); // "Remove all data"
    await storage.recordCheck(me, { reading: [3, 2, 3] });
    expect(await raw('history')).toBeUndefined();
    await storeAccounts([{ ...me, label: 'Renamed' }]); // a new label: the same credentials
    await storage.recordCheck(me, { reading: [4, 2, 3] });
    expect((await readWholeHistory(storage)).a1?.points).toEqual([[4, 2, 3]]);
  });

  it('leaves a newer version’s history alone', async () => {
    const future = { a1: { identity: ME, points: '1,2,3', compressed: 'xyz' } };
    await fakeBrowser.storage.local.set({ history: future, history$: { v: 2 } });
    const errors = vi.spyOn(console, 'error');
    const storage = await storeModulesWith(me);
    await storage.recordCheck(me, { reading: [2, 2, 3] });
    await storage.pruneHistory(() => false);
    expect(await raw('history')).toEqual(future);
    expect(errors).not.toHaveBeenCalled();
    expect((await readWholeHistory(storage)).a1?.points).toEqual([[1, 2, 3]]);
  });
});

describe('history in the background', () => {
  const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
    users: [demoAccount({ userId: 'alice', quota: 100 * GB, used: 10 * GB })],
  });
  const { sim: other, stored: storedOther } = backgroundSuite({
    users: [demoAccount({ userId: 'alice2', password: 'pw2', apiKey: 'key2', used: 3 * GB })],
  });
  beforeEach(() => {
    clock.now = Date.UTC(2026, 10, 2, 6, 0, 0);
    sim().account('alice').used = 10 * GB;
  });
  const alice = () => stored('alice');
  const history = async () =>
    (
      await readWholeHistory({
        ...(await import('@/lib/store/items')),
        ...(await import('@/lib/store/history-sources')),
      })
    )['id-alice'];

  it('records each successful capacity reading, one point a day (the day’s last), with the quota', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const today = dayOf(clock.now);
    expect(await history()).toEqual({
      identity: accountIdentity(alice()),
      points: [[today, 10 * GB, 100 * GB]],
    });
    sim().account('alice').used = 11 * GB;
    clock.now += HOUR;
    await newWorker().onAlarm(ALARM.usageUpdate);
    sim().setFault('node', 'server-error'); // a failed reading adds nothing
    clock.now += HOUR;
    await newWorker().onAlarm(ALARM.usageUpdate);
    expect((await history())?.points).toEqual([[today, 11 * GB, 100 * GB]]);
    sim().setFault('node', undefined);
    sim().account('alice').used = 12 * GB;
    clock.now += DAY;
    await newWorker().onAlarm(ALARM.usageUpdate);
    expect((await history())?.points).toEqual([
      [today, 11 * GB, 100 * GB],
      [today + 1, 12 * GB, 100 * GB],
    ]);
  });

  it('is dropped with the account', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    expect(await history()).toBeDefined();
    await storeAccounts([]);
    await newWorker().reschedule();
    expect(await raw('history')).toEqual({});
  });

  it('is forgotten when the account is edited to another server and user, and starts again there', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const edited = storedOther('alice2', { id: 'id-alice' });
    await storeAccounts([edited]);
    sim().setFault('node', 'stall'); // nothing may come from the old server now
    other().setFault('node', 'server-error');
    await newWorker().reschedule();
    expect(await raw('history')).toEqual({});
    other().setFault('node', undefined);
    clock.now += HOUR;
    await newWorker().onAlarm(ALARM.usageUpdate);
    expect(await history()).toEqual({
      identity: accountIdentity(edited),
      points: [[dayOf(clock.now), 3 * GB, 28 * GB]],
    });
  });

  it('a reading fetched with credentials the user changed meanwhile is not recorded', async () => {
    await freshBrowser([alice()]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let capacityOnTheWay = false;
    const worker = newWorker({
      fetch: async (input, init) => {
        if ((input as string | URL).toString().includes('capacity')) {
          capacityOnTheWay = true;
          await held;
        }
        return globalThis.fetch(input, init);
      },
    });
    const run = worker.start('worker-start');
    await vi.waitFor(() => expect(capacityOnTheWay).toBe(true));
    await storeAccounts([{ ...alice(), userId: 'alice-renamed' }]);
    release();
    await run;
    expect(await history()).toBeUndefined();
  });
});
