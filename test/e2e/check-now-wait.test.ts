import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  demoAccount,
  startSimulator,
  type Fault,
  type Simulator,
} from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { Popup } from '../../testbed/browsers/chromium-pages';
import { ALARM } from '../../lib/store/stored-names';
import { MANUAL_CHECK_GAP_MS } from '../../lib/schedule/when-due';
import type { AccountSnapshot } from '../../lib/store/account-state';

// Check now honours the service's Retry-After, in real Chromium: after a 429, and after a 503
// with Retry-After, a click sends nothing before the time the service asked for and says so by
// the button; a click right after that time checks at once. (Measured before: a click every 25 s
// sent a getUser each time, the service's two minutes notwithstanding.)
let sim: Simulator;
let browser: ExtensionSession;
const user = demoAccount({ userId: 'busy', password: 'busy-pw', apiKey: 'busy-key' });
/** The service's wait, in real seconds (the build counts the server's seconds as they are). */
const WAIT_S = 20;

beforeAll(async () => {
  sim = await startSimulator({ accounts: [user] });
  browser = await launchExtension();
  // A week between sign-ins (14 real minutes in this build): only the clicks and the retry send anything.
  await browser.storeSettings({ signInHours: 168, usageUpdateMinutes: 1440 });
  await browser.storeAccounts([storedAccount(sim, user, { id: 'busy', label: 'Busy' })]);
  await vi.waitFor(
    () =>
      expect(sim.requests.filter((r) => r.server === 'node' && r.status === 200)).toHaveLength(1),
    { timeout: 20_000, interval: 100 },
  );
  // A usage update is due at least daily, every 2 minutes here: its alarm is taken away, or it could
  // come in the middle of a test, and its run arm the retry a test takes away at the end.
  await browser.currentWorker().evaluate((name) => chrome.alarms.clear(name), ALARM.usageUpdate);
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

const words = (popup: Popup) =>
  popup.page.getByRole('status').filter({
    hasText:
      'The service asked Storage Keeper to wait, so nothing was sent. A check can go out again',
  });

describe('Check now and the service’s Retry-After, in Chromium', () => {
  it.each<[string, Fault, number]>([
    ['a 429', 'rate-limited', 429],
    ['a 503 with Retry-After', 'unavailable', 503],
  ])(
    'after %s: nothing reaches the service before its time, the words say so by the button; a click right after it checks',
    async (_why, fault, status) => {
      // The whole service asks to wait: its API server and its node.
      sim.setFault('api', fault, { retryAfter: String(WAIT_S) });
      sim.setFault('node', fault, { retryAfter: String(WAIT_S) });
      const popup = new Popup(await browser.open('popup'));
      await popup.card('Busy').waitFor();
      // One click, once the last check is MANUAL_CHECK_GAP_MS old (a click before would be held
      // back): both calls go out and hear the wait. Each check's own last attempt counts, so the
      // later of the two (not a click a second, which can land between them and send one call).
      const lastCheckAt = async () => {
        const snapshot = ((await browser.storage()).snapshots as Record<string, AccountSnapshot>)
          .busy!;
        return Math.max(snapshot.keepAlive.lastAttemptAt!, snapshot.refresh.lastAttemptAt!);
      };
      const clickable = (await lastCheckAt()) + MANUAL_CHECK_GAP_MS;
      await expect
        .poll(() => Date.now() >= clickable, { timeout: 20_000, interval: 100 })
        .toBe(true);
      const before = sim.requests.length;
      await popup.checkNow(); // answered once the check is done
      expect(sim.requests.slice(before).map((r) => [r.server, r.status])).toEqual([
        ['api', status],
        ['node', status],
      ]);
      const heard = sim.requests.length;
      // The time the service asked for: the later of the two calls' answers, WAIT_S after each.
      const until = (await lastCheckAt()) + WAIT_S * 1000;

      // Clicks during the wait: each says when a check can go out, none sends anything.
      let held = 0;
      while (Date.now() < until - 5_000) {
        await popup.checkNow();
        await words(popup).waitFor({ timeout: 5_000 });
        held += 1;
      }
      expect(held).toBeGreaterThanOrEqual(3);
      expect(sim.requests.length).toBe(heard);

      // Only the click may send now: the service answers again, and the retry alarm (at the same time) is taken away.
      sim.setFault('api', undefined);
      sim.setFault('node', undefined);
      await browser.currentWorker().evaluate((name) => chrome.alarms.clear(name), ALARM.retry);
      // The words go at the time; the click right after it checks.
      await words(popup).waitFor({ state: 'detached', timeout: 20_000 });
      await expect.poll(() => Date.now() >= until, { timeout: 20_000, interval: 100 }).toBe(true);
      expect(sim.requests.length).toBe(heard);
      const clickedAt = Date.now();
      await popup.checkNow(); // answered once the check is done
      const answeredAt = Date.now();
      expect(sim.requests.slice(heard).map((r) => [r.server, r.status])).toEqual([
        ['api', 200],
        ['node', 200],
      ]);
      // The click's own check: both calls reached the service between the click and its answer.
      expect(
        sim.requests.slice(heard).filter((r) => r.atMs < clickedAt || r.atMs > answeredAt),
      ).toEqual([]);
      expect(await words(popup).count()).toBe(0);
      await popup.page.close();
    },
    90_000,
  );
});
