import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../scripts/simulator/simulator';
import { storedAccount } from '../../scripts/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../scripts/browsers/chromium';
import { OptionsPage } from '../../scripts/browsers/chromium-pages';
import { GIB as GB } from '../../lib/basics/bytes';

// An edit to another server is final at once, in real Chromium on the time-scaled build (a
// sign-in every 5 s, a usage update every 2.5 s): the old server answers slowly, so a run is
// under way when Save is clicked. From the Save on, nothing more reaches the old server (API or
// node) but the calls already under way, which are aborted; the runs that follow go to the new
// server only. (Measured before: in one of two runs a capacity call reached the old node more
// than a second after Save.)
let oldServer: Simulator;
let newServer: Simulator;
let browser: ExtensionSession;
const before = demoAccount({ userId: 'leaving', password: 'leaving-pw', apiKey: 'leaving-key' });
const after = demoAccount({ userId: 'moved', password: 'moved-pw', apiKey: 'moved-key', used: 3 * GB });
/** How long the old server takes to answer: longer than a run's own work, shorter than the client's timeout. */
const SLOW_MS = 1500;

beforeAll(async () => {
  oldServer = await startSimulator({ accounts: [before] });
  newServer = await startSimulator({ accounts: [after] });
  browser = await launchExtension();
  await browser.currentWorker().evaluate(async () => {
    await chrome.storage.local.set({ settings: { keepAliveHours: 1, refreshMinutes: 30, warningPercent: 90, criticalPercent: 95, notifyUsage: true, notifyKeepAlive: true } });
  });
  await browser.storeAccounts([storedAccount(oldServer, before, { id: 'moving', label: 'Moving' })]);
  await vi.waitFor(() => expect(oldServer.requests.filter((r) => r.server === 'node' && r.status === 200).length).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
});
afterAll(async () => {
  await browser?.close();
  await oldServer?.close();
  await newServer?.close();
});

describe('an account moved to another server while a run of it is under way, in Chromium', () => {
  it('nothing more reaches the old server after Save: the calls under way are aborted; several runs in a row go to the new one', async () => {
    oldServer.setFault('api', 'slow', { delayMs: SLOW_MS });
    oldServer.setFault('node', 'slow', { delayMs: SLOW_MS });
    // When the background saw the Save: the worker's own storage event, on the clock the simulators share.
    await browser.currentWorker().evaluate(() => {
      const self = globalThis as unknown as { savedAt?: number };
      delete self.savedAt;
      chrome.storage.onChanged.addListener((changes) => {
        if (changes.accounts && self.savedAt === undefined) self.savedAt = Date.now();
      });
    });
    const options = new OptionsPage(await browser.open('options'));
    await options.editAccount('Moving');
    await options.fillAccount({ baseUrl: newServer.apiUrl, userId: after.userId, password: after.password, apiKey: after.apiKey });
    // Save while a call to the old server is on its way: one that arrived moments ago, so it is still unanswered at the Save.
    const underWay = () => oldServer.requests.some((r) => r.status === 0 && Date.now() - r.atMs < 300);
    await expect.poll(underWay, { timeout: 20_000, interval: 20 }).toBe(true);
    await options.page.getByRole('button', { name: 'Save', exact: true }).click();
    const seenSave = () => browser.currentWorker().evaluate(() => (globalThis as unknown as { savedAt?: number }).savedAt);
    await expect.poll(seenSave, { timeout: 5_000 }).toBeDefined();
    const savedAt = await seenSave();

    // Several runs in a row: three sign-ins (5 s apart) and their usage updates on the new server.
    const sinceSave = (s: Simulator, server: 'api' | 'node') => s.requests.filter((r) => r.server === server && r.atMs >= savedAt!);
    await expect.poll(() => sinceSave(newServer, 'api').length, { timeout: 40_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => sinceSave(newServer, 'node').length, { timeout: 10_000, interval: 500 }).toBeGreaterThanOrEqual(3);

    // The old server: what was under way at the Save was abandoned; nothing else arrived after it.
    const late = oldServer.requests.filter((r) => r.atMs > savedAt! && !r.abandoned);
    expect(late.map((r) => `${r.server} +${r.atMs - savedAt!} ms`)).toEqual([]);
    expect(oldServer.requests.filter((r) => r.atMs > savedAt! + 1000)).toEqual([]);
    expect(oldServer.requests.some((r) => r.abandoned)).toBe(true);
    // Credentials only where the user has them now.
    expect(newServer.requests.every((r) => r.userId === after.userId)).toBe(true);
    expect(oldServer.requests.every((r) => r.userId === before.userId)).toBe(true);
    await options.page.close();
  }, 90_000);
});
