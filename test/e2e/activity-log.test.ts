import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackActivity, type ActivityEntry } from '../../lib/store/activity';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import {
  FAST_E2E_BUILD,
  launchExtension,
  type ExtensionSession,
} from '../../testbed/browsers/chromium';
import { axeViolations } from './axe';

// A few days of real work, logged by the extension itself on the build whose days last 10 s:
// daily sign-ins, usage updates twice a day, one outage the retry gets over. Then the options
// page shows the log with its summary, and the whole log downloads as CSV.

const SCALED_DAY_MS = 10_000;
let sim: Simulator;
let browser: ExtensionSession;
const account = demoAccount({ userId: 'logged', password: 'logged-pw', apiKey: 'logged-key' });

beforeAll(async () => {
  sim = await startSimulator({ accounts: [account] });
  browser = await launchExtension({ extensionDir: FAST_E2E_BUILD });
  // Capacity every 12 h (5 s), sign-in daily (10 s).
  await browser.storeSettings({
    keepAliveHours: 24,
    refreshMinutes: 720,
    warningPercent: 90,
    criticalPercent: 95,
    notifyUsage: false,
    notifyKeepAlive: false,
    notifyForecast: false,
  });
  await browser.storeAccounts([storedAccount(sim, account, { id: 'logged', label: 'Logged' })]);
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

/** The stored entries in order (their times are in the fast build's minutes, so not compared here). */
const entries = async (): Promise<ActivityEntry[]> =>
  unpackActivity(
    ((await browser.storage()).activity as Record<string, { entries: string }> | undefined)?.logged
      ?.entries ?? '',
  );
const signIns = async () => (await entries()).filter((e) => e.check === 'sign-in');

describe('the activity log in Chromium', () => {
  it('logs a few days of sign-ins and usage updates; the Settings page shows them with the summary, and the CSV downloads', async () => {
    await expect
      .poll(async () => (await signIns()).length, { timeout: 4 * SCALED_DAY_MS, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    // An outage: the next scheduled sign-in fails, the retry after it gets through once it is over.
    sim.setFault('api', 'server-error');
    await expect
      .poll(async () => (await signIns()).some((e) => e.outcome === 'server-error'), {
        timeout: 3 * SCALED_DAY_MS,
        interval: 200,
      })
      .toBe(true);
    sim.setFault('api', undefined);
    await expect
      .poll(async () => (await signIns()).at(-1)?.outcome, {
        timeout: 3 * SCALED_DAY_MS,
        interval: 500,
      })
      .toBe('ok');
    await expect
      .poll(async () => (await signIns()).length, { timeout: 4 * SCALED_DAY_MS, interval: 500 })
      .toBeGreaterThanOrEqual(6);
    const logged = await signIns();
    // The first: when the account was added, by the run its change starts, or by a periodic alarm
    // (every 10 s here) whose run read the new account first; either way it signs in at once.
    expect(logged[0]).toMatchObject({ outcome: 'ok' });
    expect(['settings', 'schedule']).toContain(logged[0]!.trigger);
    expect(logged.filter((e) => e.trigger === 'schedule').length).toBeGreaterThanOrEqual(3);
    const recovery = logged.find(
      (e, i) => e.outcome === 'ok' && logged[i - 1]?.outcome === 'server-error',
    );
    expect(recovery?.trigger).toBe('retry');

    const page = await browser.open('options', 'activity');
    const log = page.getByRole('article', { name: 'Logged' });
    const summary = log.locator('.activity__summary');
    const summaryPattern =
      /^Days with a successful sign-in since .+: (\d+) of (\d+)\. 1 failure, followed by a successful sign-in \d+ (minutes?|hours?|days?) later\.$/;
    await expect.poll(() => summary.textContent()).toMatch(summaryPattern);
    // Every day had a successful sign-in, but the one the outage began on when (a day lasting 10 s
    // here) the retry that ended it came after midnight.
    const [, okDays, days] = summaryPattern.exec((await summary.textContent())!)!;
    expect(Number(days) - Number(okDays)).toBeLessThanOrEqual(1);
    const firstRow = log.getByRole('row').nth(1);
    const newest = (await entries()).at(-1)!;
    await expect
      .poll(() => firstRow.getByRole('cell').nth(1).textContent())
      .toBe(newest.check === 'sign-in' ? 'Sign-in' : 'Usage update');
    await expect
      .poll(() => log.getByRole('row').filter({ hasText: 'Server error' }).count())
      .toBeGreaterThanOrEqual(1);
    expect(await log.getByRole('row').filter({ hasText: 'Retry' }).count()).toBeGreaterThanOrEqual(
      1,
    );
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      log.getByRole('button', { name: 'Download activity log (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^storage-keeper-activity-logged@127\.0\.0\.1_\d+\.csv$/,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'sk-activity-')), 'activity.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,check,trigger,outcome');
    expect(lines.length - 1).toBeGreaterThanOrEqual(logged.length);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z,sign-in,schedule,server-error$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z,usage-update,(settings|schedule),ok$/),
    );
  }, 120_000);
});
