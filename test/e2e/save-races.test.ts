import { watchWorkerRequests } from '../../testbed/browsers/worker-requests';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccount, startSimulator, type Simulator } from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { messagePatterns, messages, SettingsPage } from '../../testbed/browsers/chromium-pages';
import {
  answerPermissionPrompt,
  changesPosted,
  clickedAt,
  holdChanges,
  holdPermissionPrompt,
  releaseChanges,
} from '../../testbed/browsers/chromium-save-races';
import { exportFile } from '../../lib/input/export-file';
import type { Account } from '../../lib/store/accounts';
import { DEFAULT_SETTINGS, type Settings, type StoredSettings } from '../../lib/store/settings';

// Saves that race (issue 43), in real Chromium on the time-scaled build (a sign-in every 5 s, a
// usage update every 2.5 s): an import planned before another tab's save, a double click on
// Import, a second Save while the first is on its way, a move to another server while alarms
// fire, a refusal naming what differs, Remove all data with a check under way. Requests are
// counted at the simulator from the click, with no window forgiven (the worker's own start times
// are not read here: see the report of branch saves-e2e).

let browser: ExtensionSession;
const servers: Simulator[] = [];
const pattern = messagePatterns('en');
const t = messages('en');
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, signInHours: 1 };

beforeAll(async () => {
  browser = await launchExtension();
  await browser.storeSettings(SETTINGS);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function simulatorWith(...accounts: ReturnType<typeof demoAccount>[]) {
  const sim = await startSimulator({ accounts });
  servers.push(sim);
  return sim;
}

const storedAccounts = async () => ((await browser.storage()).accounts ?? []) as Account[];

/** An account checked on its simulator (A), and a simulator (B) with the account it may be moved to. */
async function accountToMove(name: string) {
  const before = demoAccount({ userId: `${name}-a`, password: 'pw-a', apiKey: 'key-a' });
  const moved = demoAccount({ userId: `${name}-b`, password: 'pw-b', apiKey: 'key-b' });
  const [a, b] = await Promise.all([simulatorWith(before), simulatorWith(moved)]);
  const label = `Racing ${name}`;
  const stored = storedAccount(a, before, { id: `id-${name}`, label });
  await browser.storeAccounts([stored], { clear: true });
  await browser.storeSettings(SETTINGS);
  await vi.waitFor(
    () => expect(a.requests.some((r) => r.server === 'node' && r.status === 200)).toBe(true),
    { timeout: 30_000, interval: 100 },
  );
  return { a, b, before, moved, label, stored };
}

/** Fills the open account form with B's server and credentials, and clicks Save. */
async function moveAndSave(
  tab: SettingsPage,
  b: Simulator,
  moved: { userId: string; password: string; apiKey: string },
  beforeClick = async () => {},
) {
  await tab.fillAccount({ baseUrl: b.apiUrl, ...moved });
  await beforeClick();
  const at = await clickedAt(
    tab.page,
    tab.page.getByRole('button', { name: t('save'), exact: true }),
  );
  await tab.page.getByRole('button', { name: t('addAccount') }).waitFor();
  return at;
}

/** What reached a simulator after the click: its server, user, and how long after. */
const reachedAfter = (sim: Simulator, at: number) =>
  sim.requests.filter((r) => r.atMs > at).map((r) => `${r.server} ${r.userId} +${r.atMs - at} ms`);

/** Waits until B has answered a sign-in and a usage update since `since`. */
async function checkedOn(b: Simulator, since: number) {
  await expect
    .poll(
      () =>
        ['api', 'node'].every((server) =>
          b.requests.some((r) => r.server === server && r.status === 200 && r.atMs > since),
        ),
      { timeout: 40_000, interval: 250 },
    )
    .toBe(true);
}

/** An export file with these accounts (secrets in), written to a temporary folder. */
function fileWith(accounts: Account[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'save-races-')), 'settings.json');
  writeFileSync(file, JSON.stringify(exportFile(accounts, SETTINGS, true, Date.now())));
  return file;
}

async function previewImport(tab: SettingsPage, file: string) {
  await tab.page.getByLabel(t('importFile'), { exact: true }).setInputFiles(file);
  const preview = tab.page.getByRole('region', { name: t('importPreviewHeading') });
  await preview.waitFor();
  return preview.getByRole('button', { name: t('importApply'), exact: true });
}

describe('an import planned before another tab’s save', () => {
  it('lands after it: nothing is imported over the newer save, the fresh preview says what is stored changed, the replaced server gets nothing', async () => {
    const { a, b, moved, label, stored } = await accountToMove('import-late');
    const tabB = new SettingsPage(await browser.open('options', 'transfer'));
    const importButton = await previewImport(
      tabB,
      fileWith([{ ...stored, label: 'Renamed by the file' }]),
    );
    const tabA = new SettingsPage(await browser.open('options'));
    await tabA.editAccount(label);
    const at = await moveAndSave(tabA, b, moved);

    await importButton.click();
    await tabB.page
      .getByRole('alert')
      .filter({ hasText: t('importOutdated') })
      .waitFor();
    expect(await tabB.page.getByText(pattern('importDone')).count()).toBe(0);
    const after = (await storedAccounts()).filter((s) => s.id === stored.id);
    expect(after.map((s) => [s.baseUrl, s.userId, s.label])).toEqual([
      [b.apiUrl, moved.userId, label],
    ]);

    await checkedOn(b, at);
    expect(reachedAfter(a, at)).toEqual([]);
    await Promise.all([tabA.page.close(), tabB.page.close()]);
  }, 120_000);
});

describe('a double click on Import', () => {
  it('adds the account once: one id for its server and user, and "1 added" said once', async () => {
    const user = demoAccount({ userId: 'twice', password: 'pw', apiKey: 'key' });
    const sim = await simulatorWith(user);
    await browser.storeAccounts([], { clear: true });
    await browser.storeSettings(SETTINGS);
    const tab = new SettingsPage(await browser.open('options', 'transfer'));
    const importButton = await previewImport(
      tab,
      fileWith([storedAccount(sim, user, { id: 'id-twice', label: 'Twice' })]),
    );
    // Both clicks before the page is drawn again, as a quick double click may land.
    await importButton.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await tab.page
      .getByRole('status')
      .filter({ hasText: pattern('importDone') })
      .waitFor();
    // The import's change was answered: whatever the page sent is carried out by now.
    const stored = await storedAccounts();
    expect(stored.filter((s) => s.userId === user.userId && s.baseUrl === sim.apiUrl)).toHaveLength(
      1,
    );
    expect(
      await tab.page.getByText(t('importDone').replace('$1', '1').replace('$2', '0')).count(),
    ).toBe(1);
    expect(await tab.page.getByRole('alert').count()).toBe(0);
    await tab.page.close();
  }, 90_000);
});

describe('a second Save while the first is on its way', () => {
  it('stores and shows both values, with no "changed elsewhere" line', async () => {
    await browser.storeAccounts([], { clear: true });
    await browser.storeSettings(SETTINGS);
    const tab = new SettingsPage(await browser.open('options', 'settings'));
    await tab.page.getByRole('heading', { name: t('settingsHeading'), level: 2 }).waitFor();
    await holdChanges(tab.page);
    const save = tab.page.getByRole('button', { name: t('saveSettings') });
    await tab.page.getByLabel(t('settingSignInEvery')).fill('2');
    await save.click();
    await expect.poll(() => changesPosted(tab.page)).toBe(1);
    await tab.page.getByLabel(t('settingUsageUpdateEvery')).fill('45');
    await save.click();
    await tab.page
      .getByRole('status')
      .filter({ hasText: t('saving') })
      .waitFor();
    await releaseChanges(tab.page);

    await expect
      .poll(async () => {
        const s = (await browser.storage()).settings as StoredSettings;
        return [s.keepAliveHours, s.refreshMinutes];
      })
      .toEqual([2, 45]);
    // Shown once the page has heard both (its storage events may come after the answers).
    await expect
      .poll(async () => [
        await tab.page.getByLabel(t('settingSignInEvery')).inputValue(),
        await tab.page.getByLabel(t('settingUsageUpdateEvery')).inputValue(),
      ])
      .toEqual(['2', '45']);
    expect(await changesPosted(tab.page)).toBe(2);
    expect(await tab.page.getByRole('alert').count()).toBe(0);
    expect(await tab.page.getByText(pattern('saveNewer')).count()).toBe(0);
    // "Saved." beside the stored values: the page's late storage changes of its own first save
    // took it away, and showed the first value again, before the form knew its own saves.
    await tab.page
      .getByRole('status')
      .filter({ hasText: t('saved') })
      .waitFor();
    expect(await tab.page.getByLabel(t('settingUsageUpdateEvery')).inputValue()).toBe('45');
    await tab.page.close();
  }, 90_000);
});

describe('moving an account to another server', () => {
  it('nothing reaches the old server or its storage node after the click, while the alarms fire with the prompt open and after', async () => {
    const { a, b, moved, label } = await accountToMove('move');
    const tab = new SettingsPage(await browser.open('options'));
    await holdPermissionPrompt(tab.page);
    await tab.editAccount(label);
    await tab.fillAccount({ baseUrl: b.apiUrl, ...moved });
    const alarmsAtClick = new Map((await browser.alarms()).map((x) => [x.name, x.scheduledTime]));
    expect(alarmsAtClick.size).toBeGreaterThan(0);
    // Each request dated from when the worker started it, not from when it reached a server.
    const started = await watchWorkerRequests(browser, [tab.page]);
    const sentToA = (after: number) => [
      ...started.startedAfter(after, a.apiUrl),
      ...started.startedAfter(after, a.nodeUrl),
    ];
    const at = await clickedAt(
      tab.page,
      tab.page.getByRole('button', { name: t('save'), exact: true }),
    );
    await tab.page.getByText(pattern('waitingForPermission')).waitFor();
    // Every alarm set at the click has fired since (its next time moved on), the prompt still open.
    await expect
      .poll(
        async () => {
          const now = new Map((await browser.alarms()).map((x) => [x.name, x.scheduledTime]));
          return [...alarmsAtClick].filter(([name, time]) => !((now.get(name) ?? 0) > time));
        },
        { timeout: 40_000, interval: 250 },
      )
      .toEqual([]);
    expect(reachedAfter(a, at)).toEqual([]);
    expect(sentToA(at)).toEqual([]);
    await answerPermissionPrompt(tab.page);
    await tab.page.getByRole('button', { name: t('addAccount') }).waitFor();
    await checkedOn(b, at);
    expect(reachedAfter(a, at)).toEqual([]);
    expect(sentToA(at)).toEqual([]);
    // The watch saw the worker's requests: the new server's sign-in among them.
    expect(started.startedAfter(at, b.apiUrl).length).toBeGreaterThan(0);
    await started.stop();
    await tab.page.close();
  }, 120_000);
});

describe('a refusal', () => {
  it('names each differing field (the password as changed, never shown); Keep mine stores only the user’s fields over the stored ones', async () => {
    const { stored, label } = await accountToMove('refusal');
    const newPassword = 'pw-from-the-other-tab';
    const mine = new SettingsPage(await browser.open('options'));
    await mine.editAccount(label);
    await mine.page.getByLabel(t('fieldLabel'), { exact: true }).fill('Mine');
    const theirs = new SettingsPage(await browser.open('options'));
    await theirs.editAccount(label);
    await theirs.page.getByLabel(t('fieldPassword'), { exact: true }).fill(newPassword);
    await theirs.page.getByRole('button', { name: t('save'), exact: true }).click();
    await theirs.page.getByRole('button', { name: t('addAccount') }).waitFor();

    await mine.page.getByRole('button', { name: t('save'), exact: true }).click();
    const refusal = mine.page.getByRole('alert').filter({ hasText: pattern('saveNewer') });
    await refusal.waitFor();
    const line = (await refusal.textContent()) ?? '';
    expect(line).toContain(t('fieldChanged').replace('$1', t('fieldPassword')));
    expect(line).not.toContain(newPassword);
    expect(line).not.toContain(stored.password);

    await refusal.getByRole('button', { name: t('keepMine') }).click();
    await mine.page.getByRole('button', { name: t('addAccount') }).waitFor();
    const after = (await storedAccounts()).find((s) => s.id === stored.id);
    expect([after?.label, after?.password, after?.apiKey, after?.baseUrl]).toEqual([
      'Mine',
      newPassword,
      stored.apiKey,
      stored.baseUrl,
    ]);
    await Promise.all([mine.page.close(), theirs.page.close()]);
  }, 90_000);
});

describe('Remove all data with a check under way', () => {
  it('leaves every key empty, also once the check’s answer has come', async () => {
    const { a, before } = await accountToMove('remove-all');
    a.setFault('node', 'slow', { delayMs: 4_000 });
    const slowFrom = Date.now();
    // A usage update is under way: it reached A's storage node and waits for its slow answer.
    await expect
      .poll(
        () => a.requests.some((r) => r.server === 'node' && r.atMs >= slowFrom && r.status === 0),
        {
          timeout: 30_000,
          interval: 50,
        },
      )
      .toBe(true);
    const tab = new SettingsPage(await browser.open('options', 'data'));
    await tab.page.getByRole('button', { name: t('removeAllData') }).click();
    await tab.page
      .getByRole('button', { name: t('confirmYes').replace('$1', t('removeAllData')) })
      .click();
    await tab.page.getByRole('heading', { name: t('accountsHeading'), level: 2 }).waitFor();
    expect(await browser.storage()).toEqual({});

    // The usage update under way at the click was answered (or given up).
    await expect
      .poll(
        () =>
          a.requests.filter((r) => r.atMs >= slowFrom).every((r) => r.status !== 0 || r.abandoned),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);
    // A check that runs after it, of an account added now, is recorded: the background's queue
    // ran everything before it, the check under way at the click with it.
    const next = demoAccount({ userId: 'after-removal', password: 'pw', apiKey: 'key' });
    const sim = await simulatorWith(next);
    await browser.storeAccounts([storedAccount(sim, next, { id: 'id-after', label: 'After' })]);
    await browser.checkedSnapshot('id-after');
    const everything = JSON.stringify(await browser.storage());
    expect(everything).not.toContain(before.userId);
    expect(everything).not.toContain(new URL(a.apiUrl).host);
    expect(everything).not.toContain('id-remove-all');
    await tab.page.close();
  }, 120_000);
});
