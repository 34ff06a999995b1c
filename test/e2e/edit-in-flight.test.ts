import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { SettingsPage } from '../../testbed/browsers/chromium-pages';
import { watchWorkerRequests } from '../../testbed/browsers/worker-requests';
import { clickedAt as clickMoment } from '../../testbed/browsers/chromium-save-races';
import { GIB as GB } from '../../lib/basics/bytes';

// An edit to another server is final at once, measured from the click on Save, in real Chromium
// on the time-scaled build (a sign-in every 5 s, a usage update every 2.5 s). The old server
// answers slowly, so in some rounds a call is under way at the click; in the others the click
// falls wherever the schedule has it. From the click on, nothing more reaches the old server
// (API or node): the calls under way are aborted, and no call starts, whatever the alarms do;
// the runs that follow go to the new server only. Several rounds in a row in one browser. Each
// request is dated when the worker started it (Chromium's DevTools protocol), not when it arrived.

let browser: ExtensionSession;
const servers: Simulator[] = [];
/** How long the old server takes to answer: longer than from a call's arrival to the click, shorter than the client's timeout. */
const SLOW_MS = 5000;
const ROUNDS = 4;

beforeAll(async () => {
  browser = await launchExtension();
  await browser.storeSettings({ signInHours: 1 });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
});

describe('an account moved to another server, in Chromium: final from the click on Save', () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const underWay = round % 2 === 1;
    it(`round ${round}: ${underWay ? 'a call under way at the click is aborted' : 'a click wherever the schedule is'}; nothing more reaches the old server, the next runs go to the new one`, async () => {
      const before = demoAccount({
        userId: `leaving-${round}`,
        password: 'leaving-pw',
        apiKey: 'leaving-key',
      });
      const after = demoAccount({
        userId: `moved-${round}`,
        password: 'moved-pw',
        apiKey: 'moved-key',
        used: 3 * GB,
      });
      const [oldServer, newServer] = await Promise.all([
        startSimulator({ accounts: [before] }),
        startSimulator({ accounts: [after] }),
      ]);
      servers.push(oldServer, newServer);
      const label = `Moving ${round}`;
      // The settings stay (a sign-in every 5 s); the last round's account goes.
      await browser.storeAccounts([
        storedAccount(oldServer, before, { id: `moving-${round}`, label }),
      ]);
      await vi.waitFor(
        () =>
          expect(oldServer.requests.some((r) => r.server === 'node' && r.status === 200)).toBe(
            true,
          ),
        { timeout: 30_000, interval: 100 },
      );
      oldServer.setFault('api', 'slow', { delayMs: SLOW_MS });
      oldServer.setFault('node', 'slow', { delayMs: SLOW_MS });
      const slowFrom = Date.now();

      const options = new SettingsPage(await browser.open('options'));
      await options.editAccount(label);
      await options.fillAccount({
        baseUrl: newServer.apiUrl,
        userId: after.userId,
        password: after.password,
        apiKey: after.apiKey,
      });
      // A call to the old server that arrived moments ago, so it is still unanswered at the click.
      if (underWay)
        await expect
          .poll(() => oldServer.requests.some((r) => r.status === 0 && Date.now() - r.atMs < 300), {
            timeout: 30_000,
            interval: 20,
          })
          .toBe(true);
      const requests = await watchWorkerRequests(browser, [options.page]);
      const clickedAt = await clickMoment(
        options.page,
        options.page.getByRole('button', { name: 'Save', exact: true }),
      );

      // Several runs in a row: two scheduled sign-ins and usage updates on the new server.
      const sinceClick = (server: 'api' | 'node') =>
        newServer.requests.filter((r) => r.server === server && r.atMs > clickedAt);
      await expect
        .poll(() => sinceClick('api').length, { timeout: 40_000, interval: 250 })
        .toBeGreaterThanOrEqual(3);
      await expect
        .poll(() => sinceClick('node').length, { timeout: 20_000, interval: 250 })
        .toBeGreaterThanOrEqual(3);

      // The watch saw the runs that went to the new server (the DevTools protocol's events reach
      // the test after the simulator has seen the requests: waited for, so none is missed).
      await expect
        .poll(() => requests.startedAfter(clickedAt, newServer.apiUrl).length, {
          timeout: 20_000,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(3);
      // The old server: no request started after the click; whatever was unanswered at it (started before the click, however late it arrived) was abandoned.
      expect([
        ...requests.startedAfter(clickedAt, oldServer.apiUrl),
        ...requests.startedAfter(clickedAt, oldServer.nodeUrl),
      ]).toEqual([]);
      await requests.stop();
      // (A slow answer is due SLOW_MS after its call arrived; the margin is for a busy simulator.)
      const open = oldServer.requests.filter(
        (r) => r.atMs >= slowFrom && r.atMs > clickedAt - SLOW_MS + 1000,
      );
      expect(
        open.filter((r) => !r.abandoned).map((r) => `${r.server} ${r.atMs - clickedAt} ms`),
      ).toEqual([]);
      if (underWay) expect(open.length).toBeGreaterThan(0);
      // Credentials only where the user has them now.
      expect(
        newServer.requests.every((r) => r.userId === after.userId && r.password === after.password),
      ).toBe(true);
      expect(oldServer.requests.every((r) => r.userId === before.userId)).toBe(true);
      await options.page.close();
    }, 150_000);
  }
});
