import { beforeEach, describe, expect, it, vi } from 'vitest';
import { raw, storeModulesWith } from '../../helpers/fresh-storage';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountIdentity } from '@/lib/store/accounts';
import {
  ACTIVITY_DAYS,
  ACTIVITY_MAX_ENTRIES,
  activityFor,
  addActivity,
  packActivity,
  unpackActivity,
  type AccountActivity,
  type ActivityEntry,
} from '@/lib/store/activity';
import { ALARM } from '@/lib/store/stored-names';
import { dayOf } from '@/lib/basics/time';
import { readActivity } from '@/lib/store/reads';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { signIn, usage } from '../../helpers/activity-entries';
import { account as fixtureAccount } from '../../helpers/fixtures';
import { clock, DAY, HOUR, MINUTE, storeAccounts, backgroundSuite } from '../../helpers/harness';

// The activity log: every sign-in and usage update of the last 90 days, why it ran and how it
// ended; small, counted back from now, gone with the account or its old server and user.

const ME = accountIdentity({ baseUrl: 'https://api.teracloud.jp', userId: 'me' });
const NOW = Date.UTC(2026, 10, 2, 6, 0);
const log = (entries: ActivityEntry[]): AccountActivity => ({ identity: ME, entries });

describe('an activity log (pure)', () => {
  it('packs entries into one string, a few bytes each, and back', () => {
    const entries = [
      signIn(NOW),
      usage(NOW + 5 * MINUTE, 'network', 'retry'),
      signIn(NOW + HOUR, 'credentials-rejected', 'manual'),
      usage(NOW + HOUR, 'ok', 'permission'),
    ];
    const packed = packActivity(entries);
    expect(packed).toBe(`${NOW / MINUTE}ia;5urO;55imC;0up`);
    expect(unpackActivity(packed)).toEqual(entries);
    expect(unpackActivity('')).toEqual([]);
  });

  it('reads what it can: a damaged entry or a kind it does not know is left out, the times after it stay right', () => {
    expect(unpackActivity(`${NOW / MINUTE}ia;5uaZ;x;5ia;10??;5ua`)).toEqual([
      signIn(NOW),
      signIn(NOW + 10 * MINUTE),
      usage(NOW + 25 * MINUTE),
    ]);
  });

  it('leaves out a time no Date can hold (damaged storage), so the page and its CSV can still be made', () => {
    const beyond = Math.ceil(8.64e15 / MINUTE) + 1;
    expect(
      readActivity({ identity: ME, entries: `${NOW / MINUTE}ia;${beyond}ia` })?.entries,
    ).toEqual([signIn(NOW)]);
  });

  it(`keeps ${ACTIVITY_DAYS} days counted back from now`, () => {
    const old = signIn(NOW - ACTIVITY_DAYS * DAY);
    const recent = signIn(NOW - ACTIVITY_DAYS * DAY + HOUR);
    expect(addActivity(log([old, recent]), ME, signIn(NOW), NOW).entries).toEqual([
      recent,
      signIn(NOW),
    ]);
  });

  it('a clock once set ahead does not wipe the log: age is counted from now, not from the newest entry', () => {
    const days = Array.from({ length: 30 }, (_, i) => signIn(NOW - (30 - i) * DAY));
    const fromTheFuture = signIn(NOW + 400 * DAY);
    const after = addActivity(log([...days, fromTheFuture]), ME, signIn(NOW), NOW);
    expect(after.entries).toEqual([...days, signIn(NOW), fromTheFuture]);
  });

  it('starts over for another server or user, and shows only its own identity’s entries', () => {
    const other = accountIdentity({ baseUrl: 'https://api.teracloud.jp', userId: 'someone-else' });
    expect(addActivity(log([signIn(NOW - DAY)]), other, signIn(NOW), NOW)).toEqual({
      identity: other,
      entries: [signIn(NOW)],
    });
    expect(activityFor(log([signIn(NOW)]), other)).toEqual([]);
    expect(activityFor(log([signIn(NOW)]), ME)).toEqual([signIn(NOW)]);
  });

  it('keeps every sign-in and every change of outcome, but a usage update ending like the last one only once an hour (unless asked for)', () => {
    let activity: AccountActivity | undefined;
    const add = (entry: ActivityEntry) => (activity = addActivity(activity, ME, entry, entry.at));
    for (let m = 0; m < 120; m += 5) add(usage(NOW + m * MINUTE));
    add(usage(NOW + 120 * MINUTE, 'network'));
    add(usage(NOW + 125 * MINUTE, 'network'));
    add(usage(NOW + 126 * MINUTE, 'network', 'manual'));
    add(usage(NOW + 130 * MINUTE));
    add(signIn(NOW + 131 * MINUTE));
    add(signIn(NOW + 132 * MINUTE, 'ok', 'manual'));
    expect(activity!.entries).toEqual([
      usage(NOW),
      usage(NOW + 60 * MINUTE),
      usage(NOW + 120 * MINUTE, 'network'),
      usage(NOW + 126 * MINUTE, 'network', 'manual'),
      usage(NOW + 130 * MINUTE),
      signIn(NOW + 131 * MINUTE),
      signIn(NOW + 132 * MINUTE, 'ok', 'manual'),
    ]);
  });

  it(`keeps at most ${ACTIVITY_MAX_ENTRIES} entries, the newest`, () => {
    const entries = Array.from({ length: ACTIVITY_MAX_ENTRIES }, (_, i) =>
      signIn(NOW - DAY + i * 10_000),
    );
    const after = addActivity(log(entries), ME, signIn(NOW), NOW);
    expect(after.entries).toHaveLength(ACTIVITY_MAX_ENTRIES);
    expect(after.entries[0]).toEqual(entries[1]);
    expect(after.entries.at(-1)).toEqual(signIn(NOW));
  });
});

describe('its size', () => {
  const storedBytes = (activity: AccountActivity) =>
    new TextEncoder().encode(
      JSON.stringify({ identity: activity.identity, entries: packActivity(activity.entries) }),
    ).length;

  it('90 days at the shortest intervals allowed (hourly sign-ins, usage every 5 minutes) stay under 32 KB per account', () => {
    let activity: AccountActivity | undefined;
    const start = NOW - ACTIVITY_DAYS * DAY;
    for (let at = start; at < NOW; at += 5 * MINUTE) {
      if ((at - start) % HOUR === 0) activity = addActivity(activity, ME, signIn(at), at);
      activity = addActivity(activity, ME, usage(at), at);
    }
    // Every sign-in kept, usage updates thinned to one an hour.
    expect(activity!.entries.filter((e) => e.check === 'sign-in')).toHaveLength(ACTIVITY_DAYS * 24);
    expect(activity!.entries.filter((e) => e.check === 'usage')).toHaveLength(ACTIVITY_DAYS * 24);
    expect(storedBytes(activity!)).toBeLessThanOrEqual(32 * 1024);
  }, 60_000);

  it('the most the cap lets in (every entry a failure, as many digits as 90 days allow) stays under 32 KB', () => {
    const step = Math.floor((ACTIVITY_DAYS * DAY) / ACTIVITY_MAX_ENTRIES);
    const entries = Array.from({ length: ACTIVITY_MAX_ENTRIES }, (_, i) =>
      usage(NOW - i * step, i % 2 ? 'network' : 'invalid-response'),
    );
    expect(storedBytes(log(entries.reverse()))).toBeLessThanOrEqual(32 * 1024);
  });
});

describe('stored activity', () => {
  beforeEach(() => fakeBrowser.reset());
  const me = fixtureAccount({ id: 'a1', userId: 'me' });

  it('reads what it can; other accounts’ damaged entries stay stored', async () => {
    await fakeBrowser.storage.local.set({
      activity: {
        a1: { identity: ME, entries: `${NOW / MINUTE}ia` },
        a2: 'junk',
        a3: { identity: ME, entries: [1] },
      },
      activity$: { v: 1 },
    });
    const storage = await storeModulesWith(me);
    expect(await storage.loadActivity()).toEqual({ a1: log([signIn(NOW)]) });
    await storage.recordCheck(me, { entry: usage(NOW + MINUTE) });
    expect(await raw('activity')).toEqual({
      a1: { identity: ME, entries: `${NOW / MINUTE}ia;1ua` },
      a2: 'junk',
      a3: { identity: ME, entries: [1] },
    });
  });

  it('logs nothing for an account removed, or stored with other credentials, since its check read it', async () => {
    const storage = await storeModulesWith(me);
    await storeAccounts([{ ...me, password: 'new' }]);
    await storage.recordCheck(me, { entry: signIn(NOW) });
    await storeAccounts([]);
    await storage.recordCheck(me, { entry: usage(NOW) });
    await fakeBrowser.storage.local.clear(); // "Remove all data"
    await storage.recordCheck(me, { entry: signIn(NOW + MINUTE) });
    expect(await raw('activity')).toBeUndefined();
    await storeAccounts([{ ...me, notifications: false }]); // the same credentials
    await storage.recordCheck(me, { entry: usage(NOW + MINUTE) });
    expect(await storage.loadActivity()).toEqual({ a1: log([usage(NOW + MINUTE)]) });
  });

  it('leaves a newer version’s log alone', async () => {
    const future = { a1: { identity: ME, entries: `${NOW / MINUTE}ia`, more: 1 } };
    await fakeBrowser.storage.local.set({ activity: future, activity$: { v: 2 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = await storeModulesWith(me);
    await storage.recordCheck(me, { entry: signIn(NOW + HOUR) });
    await storage.pruneActivity(() => false);
    expect(await raw('activity')).toEqual(future);
  });
});

describe('activity in the background', () => {
  const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
    users: [demoAccount({ userId: 'alice' })],
  });
  const { stored: storedOther } = backgroundSuite({
    users: [demoAccount({ userId: 'alice2', password: 'pw2', apiKey: 'key2' })],
  });
  beforeEach(() => {
    clock.now = NOW;
  });
  const alice = () => stored('alice');
  const entries = async () =>
    activityFor(
      (await (await import('@/lib/store/reads')).loadActivity())['id-alice'],
      accountIdentity(alice()),
    );
  const described = async () =>
    (await entries()).map((e) => `${e.check} ${e.trigger} ${e.outcome}`);

  it('logs each sign-in and usage update with what triggered it and how it ended', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('browser-start');
    expect(await described()).toEqual(['sign-in start ok', 'usage start ok']);
    expect((await entries())[0]!.at).toBe(NOW);

    clock.now += DAY;
    sim().setFault('api', 'server-error');
    await newWorker().onAlarm(ALARM.signIn);
    sim().setFault('api', undefined);
    clock.now += HOUR;
    await newWorker().onAlarm(ALARM.retry);
    clock.now += HOUR;
    await newWorker().checkNow({});
    clock.now += HOUR;
    await newWorker().onPermissionsAdded(); // nothing was blocked: nothing runs
    await storeAccounts([{ ...alice(), label: 'renamed' }]);
    clock.now += 2 * DAY;
    await newWorker().reschedule();
    expect((await described()).slice(2)).toEqual([
      'sign-in schedule server-error',
      'sign-in retry ok',
      'sign-in manual ok',
      'usage manual ok',
      'sign-in settings ok',
      'usage settings ok',
    ]);
  });

  it('logs the access granted as the trigger of the checks it unblocks', async () => {
    let granted = false;
    const worker = await freshBrowser([alice()], { granted: () => granted });
    await worker.start('worker-start');
    // The usage update needs the node from a sign-in of its own, blocked too.
    expect(await described()).toEqual([
      'sign-in start permission-missing',
      'sign-in start permission-missing',
      'usage start permission-missing',
    ]);
    granted = true;
    await newWorker().onPermissionsAdded();
    expect((await described()).slice(3)).toEqual(['sign-in permission ok', 'usage permission ok']);
  });

  it('is dropped with the account', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    expect(await entries()).not.toEqual([]);
    await storeAccounts([]);
    await newWorker().reschedule();
    expect(await raw('activity')).toEqual({});
  });

  it('is forgotten when the account is edited to another server and user, and starts again there', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const edited = storedOther('alice2', { id: 'id-alice' });
    await storeAccounts([edited]);
    // The new identity's first sign-in is held until the old log is seen gone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rescheduled = newWorker({
      fetch: async (input, init) => {
        await held;
        return globalThis.fetch(input, init);
      },
    }).reschedule();
    await vi.waitFor(async () => expect(await raw('activity')).toEqual({}));
    release();
    await rescheduled;
    const log = (await (await import('@/lib/store/reads')).loadActivity())['id-alice'];
    expect(log?.identity).toBe(accountIdentity(edited));
    expect(log?.entries.map((e) => `${e.check} ${e.trigger} ${e.outcome}`)).toEqual([
      'sign-in settings ok',
      'usage settings ok',
    ]);
    expect(dayOf(log!.entries[0]!.at)).toBe(dayOf(clock.now));
  });
});
