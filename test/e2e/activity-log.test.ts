import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackActivity } from '../../lib/store/activity';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { activityLog } from '../../testbed/browsers/page-states/e2e-days';
import { QUIET_SETTINGS } from '../../testbed/browsers/page-states/state';

// The activity log's CSV, downloaded as a user downloads it in real Chromium: the whole log, a
// line per entry. The days of logging themselves (sign-ins, usage updates, an outage and its
// retry) are made by the background on the fake clock in the unit project
// (test/unit/scenarios/activity-days.test.tsx), the page's words in
// test/unit/entrypoints/options/activity-log.test.tsx, its accessibility by page-states.test.ts.

let sim: Simulator;
let browser: ExtensionSession;
const account = demoAccount({ userId: 'logged', password: 'logged-pw', apiKey: 'logged-key' });
const stored = () => storedAccount(sim, account, { id: 'logged', label: 'Logged' });

beforeAll(async () => {
  sim = await startSimulator({ accounts: [account] });
  browser = await launchExtension();
  await browser.storeSettings(QUIET_SETTINGS);
  await browser.storeAccounts([stored()]);
  // The month is stored once the background is done with the account's first check: a run reads
  // the log once at its start and writes it back with its entry added.
  await browser.checkedSnapshot('logged');
  await browser.storeActivity(activityLog(stored(), 30));
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
});

describe('the activity log in Chromium', () => {
  it('downloads the whole log as CSV, a line per entry', async () => {
    const page = await browser.open('options', 'activity');
    const log = page.getByRole('article', { name: 'Logged' });
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
    // Read after the click: an entry the background logged meanwhile may be in the file too.
    const entries = unpackActivity(
      ((await browser.storage()).activity as Record<string, { entries: string }>).logged!.entries,
    );
    expect(lines[0]).toBe('time,check,trigger,outcome');
    expect(lines.length - 1).toBeGreaterThanOrEqual(30 * 9 + 1);
    expect(lines.length - 1).toBeLessThanOrEqual(entries.length);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z,sign-in,schedule,network$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z,sign-in,retry,ok$/),
    );
  });
});
