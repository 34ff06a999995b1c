import { requestsStartedAfter } from '../../testbed/simulator/started-after';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import {
  FIREFOX_E2E_BUILD,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import { clickButton, SettingsPage, waitForText } from '../../testbed/browsers/firefox-pages';
import { chooseFile, clickButtonAt, clickTwice } from '../../testbed/browsers/firefox-save-races';
import { messagePatterns, messages } from '../../testbed/browsers/chromium-pages';
import { accountItems, settingsItems } from '../../testbed/browsers/stored-items';
import { exportFile } from '../../lib/input/export-file';
import type { Account } from '../../lib/store/accounts';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/store/settings';

// Saves that race (issue 43), in real Firefox on the time-scaled build: an import planned before
// another tab's save lands after it, and a double click on Import. Requests are counted at the
// simulator from the click, with no window forgiven.

const t = messages('en');
const pattern = messagePatterns('en');
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, signInHours: 1 };
let firefox: FirefoxSession;
const servers: Simulator[] = [];

beforeAll(async () => {
  firefox = await launchFirefox({ install: { dir: FIREFOX_E2E_BUILD } });
  await firefox.storeItems(settingsItems(SETTINGS));
}, 60_000);
afterAll(async () => {
  await firefox?.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function simulatorWith(...accounts: ReturnType<typeof demoAccount>[]) {
  const sim = await startSimulator({ accounts, oneRequestPerConnection: true });
  servers.push(sim);
  return sim;
}

const storedAccounts = async () => ((await firefox.storage()).accounts ?? []) as Account[];
const fileText = (accounts: Account[]) =>
  JSON.stringify(exportFile(accounts, SETTINGS, true, Date.now()));
const button = (name: string) => `::-p-aria([name=${JSON.stringify(name)}][role="button"])`;

describe('an import planned before another tab’s save, in Firefox', () => {
  it('lands after it: nothing is imported over the newer save, the fresh preview says what is stored changed, the replaced server gets nothing', async () => {
    const before = demoAccount({ userId: 'late-a', password: 'pw-a', apiKey: 'key-a' });
    const moved = demoAccount({ userId: 'late-b', password: 'pw-b', apiKey: 'key-b' });
    const [a, b] = await Promise.all([simulatorWith(before), simulatorWith(moved)]);
    const label = 'Racing import';
    const stored = storedAccount(a, before, { id: 'id-late', label });
    await firefox.storeItems(accountItems([stored]));
    await vi.waitFor(
      () => expect(a.requests.some((r) => r.server === 'node' && r.status === 200)).toBe(true),
      { timeout: 30_000, interval: 100 },
    );

    const tabB = new SettingsPage(await firefox.open('options', 'transfer'));
    await chooseFile(
      tabB.page,
      t('importFile'),
      'settings.json',
      fileText([{ ...stored, label: 'Renamed by the file' }]),
    );
    await tabB.page.waitForSelector(button(t('importApply')));
    const tabA = new SettingsPage(await firefox.open('options'));
    await clickButton(tabA.page, t('edit'));
    await tabA.fillAccount({ baseUrl: b.apiUrl, ...moved });
    const clickedAt = await clickButtonAt(tabA.page, t('save'));
    await tabA.page.waitForSelector(button(t('addAccount')));

    await clickButton(tabB.page, t('importApply'));
    await waitForText(tabB.page, t('importOutdated'), '[role="alert"]');
    expect(await tabB.page.evaluate(() => document.body.innerText)).not.toMatch(
      pattern('importDone'),
    );
    const after = (await storedAccounts()).filter((s) => s.id === stored.id);
    expect(after.map((s) => [s.baseUrl, s.userId, s.label])).toEqual([
      [b.apiUrl, moved.userId, label],
    ]);
    // B signed in to and its usage updated since the click; A got nothing after it.
    await expect
      .poll(
        () =>
          ['api', 'node'].every((server) =>
            b.requests.some((r) => r.server === server && r.status === 200 && r.atMs > clickedAt),
          ),
        { timeout: 40_000, interval: 250 },
      )
      .toBe(true);
    // Dated from when each request's connection opened: sent after the click, not arrived after it.
    expect(requestsStartedAfter(a, clickedAt)).toEqual([]);
    await Promise.all([tabA.page.close(), tabB.page.close()]);
  }, 120_000);
});

describe('a double click on Import, in Firefox', () => {
  it('adds the account once: one id for its server and user, and "1 added" said once', async () => {
    const user = demoAccount({ userId: 'twice', password: 'pw', apiKey: 'key' });
    const sim = await simulatorWith(user);
    const tab = new SettingsPage(await firefox.open('options', 'transfer'));
    await chooseFile(
      tab.page,
      t('importFile'),
      'settings.json',
      fileText([storedAccount(sim, user, { id: 'id-twice', label: 'Twice' })]),
    );
    await clickTwice(tab.page, t('importApply'));
    const shown = await waitForText(tab.page, pattern('importDone'));
    const stored = await storedAccounts();
    expect(stored.filter((s) => s.userId === user.userId && s.baseUrl === sim.apiUrl)).toHaveLength(
      1,
    );
    expect(shown.match(new RegExp(pattern('importDone').source, 'g'))?.length).toBe(1);
    expect(shown).toContain(t('importDone').replace('$1', '1').replace('$2', '0'));
    expect(await tab.page.$$('[role="alert"]')).toHaveLength(0);
    await tab.page.close();
  }, 90_000);
});
