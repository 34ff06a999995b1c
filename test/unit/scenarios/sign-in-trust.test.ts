import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { retryDelay } from '@/lib/schedule/backoff';
import { ALARM } from '@/lib/store/stored-names';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { loadSnapshots } from '@/lib/store/reads';
import { currentFailure as currentFailureOf, snapshotFor } from '@/lib/store/account-state';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  clock,
  countRequests,
  DAY,
  HOUR,
  MINUTE,
  snapshotOf,
  storeAccounts,
  backgroundSuite,
} from '../helpers/harness';
import { recordNotices } from '../helpers/shown-notices';
import { GIB as GB } from '@/lib/basics/bytes';
import { SIGN_IN_REMINDER_MS, SIGN_IN_REPEAT_MS } from '@/lib/outlook/notices';
import { SIGN_IN_FIRST_NOTICE_MS } from '@/lib/outlook/standing';
import { DELETION_AFTER_MS } from '@/lib/outlook/deletion-date';
import { settingsItems } from '../../../testbed/browsers/stored-items';

// The promise users install Storage Keeper for: the account stays alive (signed in on schedule), and they hear
// about it when that is at risk, not before and not again and again.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'alice' })],
});
// another service, for an account edited to another server
const { sim: other, stored: storedOther } = backgroundSuite({
  users: [demoAccount({ userId: 'alice2', password: 'pw2', apiKey: 'key2', used: 3 * GB })],
});
beforeEach(() => {
  sim().account('alice').password = demoAccount().password;
  sim().account('alice').used = 10 * GB;
});

const alice = (overrides = {}) => stored('alice', overrides);

/** Lets `hours` pass hour by hour, firing what the browser would fire: retries and the periodic alarms. */
async function live(hours: number) {
  for (let h = 0; h < hours; h++) {
    clock.now += HOUR;
    const worker = newWorker();
    await worker.onAlarm(ALARM.retry);
    await worker.onAlarm(ALARM.signIn);
    await worker.onAlarm(ALARM.usageUpdate);
  }
}

describe('sign-in failing notices', () => {
  it('a brief outage at the scheduled time (a laptop waking before its Wi-Fi) tells nothing', async () => {
    const shown = recordNotices();
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    for (let day = 1; day <= 5; day++) {
      clock.now += DAY + 5 * MINUTE; // the laptop wakes a little after the alarm's time
      sim().setFault('api', 'server-error');
      await newWorker().onAlarm(ALARM.signIn); // fails at its scheduled time
      expect((await snapshotOf('id-alice')).keepAlive.failure).toBeDefined();
      sim().setFault('api', undefined);
      clock.now = (await snapshotOf('id-alice')).keepAlive.retryAt!;
      await newWorker().onAlarm(ALARM.retry); // a minute later it works
      expect((await snapshotOf('id-alice')).keepAlive.failure).toBeUndefined();
    }
    expect(shown.filter((n) => n.id.startsWith('keep-alive:'))).toEqual([]);
  });

  it('escalates without nagging: after a day, after a week, then every 30 days; "works again" once', async () => {
    const shown = recordNotices();
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const lastSuccess = clock.now;
    clock.now += 20 * HOUR; // the last success was 20 h before the failures began
    sim().account('alice').password = 'changed-on-the-website';
    await live(70 * 24);
    // Counted from the first failed sign-in (its scheduled run, a few hours in), not from the last success.
    const failingSince = sim().requests.find((r) => r.server === 'api' && r.status === 401)!.atMs;
    const failing = shown.filter((n) => n.title === 'alice: sign-in is failing');
    // After a day, a week, then monthly; each within the hour the retries come at.
    const after = failing.map((n) => n.at - failingSince);
    expect(after).toHaveLength(4);
    expect(after[0]).toBeGreaterThan(SIGN_IN_FIRST_NOTICE_MS);
    expect(after[0]).toBeLessThanOrEqual(SIGN_IN_FIRST_NOTICE_MS + HOUR);
    expect(after[1]).toBeGreaterThan(SIGN_IN_REMINDER_MS);
    expect(after[1]).toBeLessThanOrEqual(SIGN_IN_REMINDER_MS + HOUR);
    for (const i of [2, 3]) {
      const gap = failing[i]!.at - failing[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(SIGN_IN_REPEAT_MS);
      expect(gap).toBeLessThanOrEqual(SIGN_IN_REPEAT_MS + HOUR);
    }
    // Each says the reason and the safety line: the last login, and when a free account would be deleted.
    const date = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ms);
    for (const notice of failing) {
      expect(notice.message).toContain('apps password was rejected');
      expect(notice.message).toContain(`No sign-in since ${date(lastSuccess)}.`);
      expect(notice.message).toContain(
        `deleted after about two years without a sign-in: around ${date(lastSuccess + DELETION_AFTER_MS)} if this goes on.`,
      );
    }
    sim().account('alice').password = demoAccount().password; // works again: noticed at the next retry, within a day
    await live(25);
    expect(shown.filter((n) => n.title === 'alice: sign-in works again')).toHaveLength(1);
    await live(48);
    expect(shown.filter((n) => n.id.startsWith('keep-alive:'))).toHaveLength(5);
    // Seventy days hour by hour: about a minute on a quiet machine, several on a busy one.
  }, 400_000);

  it('says "works again" only after it said "failing"', async () => {
    const shown = recordNotices();
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().account('alice').password = 'changed';
    await live(12); // half a day of failures: not yet news
    sim().account('alice').password = demoAccount().password;
    await live(2);
    expect((await snapshotOf('id-alice')).keepAlive.failure).toBeUndefined();
    expect(shown.filter((n) => n.id.startsWith('keep-alive:'))).toEqual([]);
  });

  it('shows a notice again if the worker stopped before recording it', async () => {
    const shown = recordNotices();
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().account('alice').used = 95 * GB;
    const create = fakeBrowser.notifications.create;
    fakeBrowser.notifications.create = () => Promise.reject(new Error('worker stopped'));
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the background logs the failed run
    clock.now += HOUR;
    await newWorker()
      .onAlarm(ALARM.usageUpdate)
      .catch(() => {});
    fakeBrowser.notifications.create = create;
    expect((await snapshotOf('id-alice')).alerts.usage).toBe('normal'); // nothing recorded as told
    clock.now += HOUR;
    await newWorker().onAlarm(ALARM.usageUpdate);
    expect(shown.map((n) => n.title)).toEqual(['alice: storage critically full']);
  });
});

describe('notification switches', () => {
  it.each([
    ['the account’s own switch off', { notifications: false }, DEFAULT_SETTINGS, []],
    [
      '"notify about usage" off',
      {},
      { ...DEFAULT_SETTINGS, notifyUsage: false },
      ['alice: sign-in is failing'],
    ],
    [
      '"notify about the sign-in" off',
      {},
      { ...DEFAULT_SETTINGS, notifySignIn: false },
      ['alice: storage critically full'],
    ],
  ])('%s', async (_name, accountOverrides, settings, expected) => {
    const shown = recordNotices();
    const worker = await freshBrowser([alice(accountOverrides)]);
    await fakeBrowser.storage.local.set(settingsItems(settings));
    await worker.start('worker-start');
    sim().account('alice').used = 97 * GB;
    await live(1);
    sim().account('alice').password = 'changed';
    await live(60);
    expect(shown.map((n) => n.title)).toEqual(expected);
  });
});

describe('what a failure keeps', () => {
  it('a failed sign-in keeps the user details and figures last seen', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    const before = await snapshotOf('id-alice');
    sim().setFault('api', 'html-502');
    clock.now += DAY;
    await newWorker().onAlarm(ALARM.signIn);
    const after = await snapshotOf('id-alice');
    expect(after.keepAlive.failure).toEqual({ kind: 'server-error', status: 502 });
    expect(after.user).toEqual(before.user);
    expect(after.capacity).toEqual(before.capacity);
  });
});

describe('retries never silence the sign-in', () => {
  it.each([
    ['two years', 2 * 365 * DAY],
    ['1e23 ms', 1e23],
  ])(
    'a Retry-After of %s waits at most a day, past a shorter interval too (the server asked)',
    (_name, retryAfterMs) => {
      const failure = { kind: 'rate-limited' as const, retryAfterMs };
      expect(retryDelay('signIn', 1, failure, DAY)).toBe(DAY);
      expect(retryDelay('signIn', 1, failure, 7 * DAY)).toBe(DAY);
      expect(retryDelay('signIn', 1, failure, 2 * HOUR)).toBe(DAY);
      expect(retryDelay('usageUpdate', 1, failure, 30 * MINUTE)).toBe(DAY);
    },
  );

  it('a nonsense Retry-After asks for nothing; capacity retries are never under 5 minutes', () => {
    expect(retryDelay('signIn', 1, { kind: 'rate-limited', retryAfterMs: Number.NaN }, DAY)).toBe(
      MINUTE,
    );
    expect(retryDelay('signIn', 1, { kind: 'rate-limited', retryAfterMs: -5 }, DAY)).toBe(MINUTE);
    expect(
      retryDelay(
        'signIn',
        1,
        { kind: 'rate-limited', retryAfterMs: Number.POSITIVE_INFINITY },
        DAY,
      ),
    ).toBe(MINUTE);
    expect(retryDelay('usageUpdate', 1, { kind: 'network' }, 30 * MINUTE)).toBe(5 * MINUTE);
    expect(retryDelay('signIn', 1, { kind: 'api-key-unsendable' }, DAY)).toBeUndefined(); // nothing was sent
    expect(
      retryDelay('usageUpdate', 1, { kind: 'rate-limited', retryAfterMs: 1000 }, 30 * MINUTE),
    ).toBe(5 * MINUTE);
  });

  it.each([
    ['a pending retry', {}],
    [
      'a server’s request to wait',
      { failure: { kind: 'rate-limited', retryAfterMs: 1e12 }, consecutiveFailures: 1 },
    ],
  ])(
    '%s stored far off does not hold back the periodic alarm or the catch-up at start for more than a day',
    async (_what, failed) => {
      const worker = await freshBrowser([alice()]);
      await worker.start('worker-start');
      // A retry stored far in the future, as a broken version could leave it.
      const { user, capacity, keepAlive } = await snapshotOf('id-alice');
      const snapshots = await loadSnapshots();
      await fakeBrowser.storage.local.set({
        snapshots: {
          ...snapshots,
          'id-alice': {
            ...snapshots['id-alice'],
            user,
            capacity,
            keepAlive: { ...keepAlive, ...failed, retryAt: clock.now + 1e12 },
          },
        },
      });
      sim().requests.length = 0;
      clock.now += DAY;
      await newWorker().onAlarm(ALARM.signIn);
      expect(countRequests(sim(), 'api', 200)).toBe(1);
      clock.now += 2 * DAY;
      await newWorker().start('worker-start');
      expect(countRequests(sim(), 'api', 200)).toBe(2);
    },
  );
});

describe('an account edited to another server or user', () => {
  it('forgets the old server’s data at once and sends nothing more to the old node', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    expect((await snapshotOf('id-alice')).user?.user).toBe('alice');
    sim().requests.length = 0;
    const edited = storedOther('alice2', { id: 'id-alice', label: 'alice' });
    await storeAccounts([edited]);
    // What the pages show before the background has run: nothing of the old user.
    expect(snapshotFor(edited, (await loadSnapshots())['id-alice']).user).toBeUndefined();
    await newWorker().reschedule();
    const snapshot = await snapshotOf('id-alice');
    expect(snapshot.user).toMatchObject({ user: 'alice2', node: other().nodeHost });
    expect(snapshot.capacity).toMatchObject({ used: 3 * GB });
    expect(sim().requests).toEqual([]);
    expect(other().requests.map((r) => [r.server, r.userId, r.status])).toEqual([
      ['api', 'alice2', 200],
      ['node', 'alice2', 200],
    ]);
  });

  it('a run in flight with the old credentials is never recorded over the new ones', async () => {
    await freshBrowser([alice({ password: 'mistyped' })]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // This worker's requests leave only when released: the mistyped password is still on its way.
    let onTheWay = false;
    const worker = newWorker({
      fetch: async (input, init) => {
        onTheWay = true;
        await held;
        return globalThis.fetch(input, init);
      },
    });
    const seen: unknown[] = [];
    fakeBrowser.storage.onChanged.addListener((changes) => {
      if (changes.snapshots) seen.push(changes.snapshots.newValue);
    });
    const first = worker.start('worker-start');
    await vi.waitFor(() => expect(onTheWay).toBe(true));
    await storeAccounts([alice()]); // the user fixes the password in the Settings page
    const check = worker.checkNow({ accountId: 'id-alice' }); // and the page asks for a check
    release();
    await Promise.all([first, check]);
    expect(countRequests(sim(), 'api', 401)).toBe(1); // the old request did go out...
    expect(JSON.stringify(seen)).not.toContain('credentials-rejected'); // ...but the user never saw its answer
    const snapshot = await snapshotOf('id-alice');
    expect(snapshot.keepAlive).toMatchObject({ lastSuccessAt: clock.now, consecutiveFailures: 0 });
    expect(snapshot.capacity).toBeDefined();
  });
});

describe('host access granted', () => {
  it('an account blocked for want of access tries again as soon as access is granted', async () => {
    let granted = false;
    await freshBrowser([alice()], { granted: () => granted });
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    expect((await snapshotOf('id-alice')).keepAlive.failure).toMatchObject({
      kind: 'permission-missing',
    });
    expect(sim().requests).toEqual([]);
    granted = true; // allowed from the popup, which the browser may close at its prompt
    await (
      fakeBrowser.permissions.onAdded as unknown as { trigger: (p: unknown) => Promise<unknown> }
    ).trigger({ origins: [`${sim().apiUrl}/*`] });
    expect(sim().requests.map((r) => [r.server, r.status])).toEqual([
      ['api', 200],
      ['node', 200],
    ]);
    expect(currentFailureOf(await snapshotOf('id-alice'))).toBeUndefined();
  });
});

describe('Check now', () => {
  it('is a full check: getUser (a sign-in) and then capacity', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += HOUR;
    await worker.checkNow({});
    expect(sim().requests.map((r) => r.server)).toEqual(['api', 'node']);
    expect((await snapshotOf('id-alice')).keepAlive.lastSuccessAt).toBe(clock.now);
  });

  it('twenty fast clicks make one check', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += HOUR;
    const clicks = Array.from({ length: 20 }, () => worker.checkNow({ accountId: 'id-alice' }));
    await Promise.all(clicks);
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([1, 1]);
    clock.now += 11_000; // ten seconds later a click checks again
    await worker.checkNow({ accountId: 'id-alice' });
    expect([countRequests(sim(), 'api'), countRequests(sim(), 'node')]).toEqual([2, 2]);
  });

  it('the periodic usage update stays one capacity call', async () => {
    const worker = await freshBrowser([alice()]);
    await worker.start('worker-start');
    sim().requests.length = 0;
    clock.now += 30 * MINUTE;
    await worker.onAlarm(ALARM.usageUpdate);
    expect(sim().requests.map((r) => r.server)).toEqual(['node']);
  });
});
