import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ALARM } from '@/lib/store/stored-names';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  browserEvent,
  clock,
  countRequests,
  HOUR,
  snapshotOf,
  backgroundSuite,
} from '../helpers/harness';
import { settingsItems } from '../../../testbed/browsers/stored-items';

// The browser events the extension answers, fired as the browser fires them: at the listeners
// registerBackground wired (entrypoints/background.ts), never at the handlers directly.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'alice' })],
});
const alice = () => stored('alice');

describe('a notification clicked', () => {
  it('a sign-in problem opens the settings page; usage, forecast and bonus open the overview; each is cleared', async () => {
    await freshBrowser();
    newWorker({ listening: true });
    const opened: string[] = [];
    fakeBrowser.runtime.openOptionsPage = async () => void opened.push('options');
    const clear = vi.spyOn(fakeBrowser.notifications, 'clear');
    const tabs = async () => (await fakeBrowser.tabs.query({})).map((tab) => tab.url);
    const before = await tabs();
    await fakeBrowser.notifications.onClicked.trigger('keep-alive:id-alice');
    expect(opened).toEqual(['options']);
    expect(await tabs()).toEqual(before);
    for (const id of ['usage:id-alice', 'forecast:id-alice', 'bonus:id-alice'])
      await fakeBrowser.notifications.onClicked.trigger(id);
    expect(await tabs()).toEqual([
      ...before,
      ...Array(3).fill('chrome-extension://test-extension-id/popup.html'),
    ]);
    expect(opened).toEqual(['options']);
    expect(clear.mock.calls.map(([id]) => id)).toEqual([
      'keep-alive:id-alice',
      'usage:id-alice',
      'forecast:id-alice',
      'bonus:id-alice',
    ]);
  });
});

describe('the browser started', () => {
  it('signs in early, after half the interval, as the session may close before the next due time', async () => {
    await freshBrowser([alice()]);
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    expect(countRequests(sim(), 'api')).toBe(1);
    clock.now += 11 * HOUR;
    await browserEvent(fakeBrowser.runtime.onStartup);
    expect(countRequests(sim(), 'api')).toBe(1); // not half the day yet
    clock.now += 2 * HOUR;
    await browserEvent(fakeBrowser.runtime.onStartup);
    expect(countRequests(sim(), 'api')).toBe(2);
    expect((await snapshotOf('id-alice')).keepAlive.lastSuccessAt).toBe(clock.now);
  });
});

describe('host access granted', () => {
  it('the blocked account is checked at once', async () => {
    let granted = false;
    await freshBrowser([alice()], { granted: () => granted });
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    expect((await snapshotOf('id-alice')).keepAlive.failure).toMatchObject({
      kind: 'permission-missing',
    });
    granted = true;
    await browserEvent(fakeBrowser.permissions.onAdded, { origins: [`${sim().apiUrl}/*`] });
    expect(sim().requests.map((r) => [r.server, r.status])).toEqual([
      ['api', 200],
      ['node', 200],
    ]);
  });
});

describe('settings changed in storage', () => {
  it('the alarms take the new periods', async () => {
    const worker = await freshBrowser();
    newWorker({ listening: true });
    await worker.start('worker-start');
    expect(await fakeBrowser.alarms.get(ALARM.usageUpdate)).toMatchObject({ periodInMinutes: 30 });
    // As the settings page saves: a storage write, which the registered watcher hears.
    await fakeBrowser.storage.local.set(settingsItems({ usageUpdateMinutes: 60, signInHours: 12 }));
    await vi.waitFor(async () =>
      expect(await fakeBrowser.alarms.get(ALARM.usageUpdate)).toMatchObject({
        periodInMinutes: 60,
      }),
    );
    expect(await fakeBrowser.alarms.get(ALARM.signIn)).toMatchObject({ periodInMinutes: 12 * 60 });
  });

  it('an account added is checked at once, and a removed one’s stored state is pruned', async () => {
    await freshBrowser([alice()]);
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    expect(
      Object.keys((await fakeBrowser.storage.local.get('snapshots')).snapshots as object),
    ).toEqual(['id-alice']);
    const second = { ...alice(), id: 'second', label: 'Second' };
    await fakeBrowser.storage.local.set({ accounts: [alice(), second] });
    await vi.waitFor(async () =>
      expect((await snapshotOf('second')).refresh.lastSuccessAt).toBe(clock.now),
    );
    await fakeBrowser.storage.local.set({ accounts: [second] });
    await vi.waitFor(async () =>
      expect(
        Object.keys((await fakeBrowser.storage.local.get('snapshots')).snapshots as object),
      ).toEqual(['second']),
    );
    expect(Object.keys((await fakeBrowser.storage.local.get('history')).history as object)).toEqual(
      ['second'],
    );
  });
});
