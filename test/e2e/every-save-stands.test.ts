import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import {
  demoAccount,
  startSimulator,
  type SimAccount,
  type Simulator,
} from '../../testbed/simulator/simulator';
import { storedAccount } from '../../testbed/simulator/stored-account';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { watchWorkerRequests, type WorkerRequests } from '../../testbed/browsers/worker-requests';
import { clickedAt as clickMoment } from '../../testbed/browsers/chromium-save-races';
import { alarmFirings } from '../../testbed/alarm-firings';
import { ALARM } from '../../lib/store/stored-names';
import { axeViolations } from './axe';
import { messagePatterns, messages, SettingsPage } from '../../testbed/browsers/chromium-pages';
import { GIB as GB } from '../../lib/basics/bytes';
import { exportFile } from '../../lib/input/export-file';
import { settingsFrom } from '../../lib/store/reads';

// Every save stands, in real Chromium on the time-scaled build (a sign-in every 5 s, a usage
// update every 2.5 s): a Settings tab left open never undoes a newer save (an untouched form
// follows it, an edited one is refused and says so), and from the click on Save nothing more goes
// to the server or with the credentials it replaces, however long the permission prompt stays
// open and whatever Test connection was under way. Requests are dated when the worker (or the
// page) started them, as Chromium's DevTools protocol sees them, and none may start after the click.

let browser: ExtensionSession;
const servers: Simulator[] = [];
const SCREENSHOTS = 'artifacts/screenshots';
const pattern = messagePatterns('en');
const t = messages('en');

beforeAll(async () => {
  browser = await launchExtension();
  await browser.storeSettings({ signInHours: 1 });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.close()));
});

/** An account on its own simulator (A), and another simulator (B) with the account it is moved to. */
async function accountToMove(name: string) {
  const before = demoAccount({ userId: `${name}-a`, password: 'pw-a', apiKey: 'key-a' });
  const after = demoAccount({
    userId: `${name}-b`,
    password: 'pw-b',
    apiKey: 'key-b',
    used: 3 * GB,
  });
  const [a, b] = await Promise.all([
    startSimulator({ accounts: [before] }),
    startSimulator({ accounts: [after] }),
  ]);
  servers.push(a, b);
  const label = `Moving ${name}`;
  const stored = storedAccount(a, before, { id: `id-${name}`, label });
  await browser.storeAccounts([stored]);
  // Checked on A: the schedule runs.
  await vi.waitFor(
    () => expect(a.requests.some((r) => r.server === 'node' && r.status === 200)).toBe(true),
    { timeout: 30_000, interval: 100 },
  );
  return { a, b, before, after, label, id: stored.id, stored };
}

/** Fills the open form with B's server and credentials. */
async function moveTo(options: SettingsPage, b: Simulator, after: SimAccount) {
  await options.fillAccount({
    baseUrl: b.apiUrl,
    userId: after.userId,
    password: after.password,
    apiKey: after.apiKey,
  });
}

/** Clicks Save and returns the moment of the click, on the page's clock (the machine's, which the simulators share). */
const clickSave = (page: Page) =>
  clickMoment(page, page.getByRole('button', { name: 'Save', exact: true }));

/** The requests to a server (either of its two) that the worker or a watched page started after the click. */
const after = (requests: WorkerRequests, sim: Simulator, clickedAt: number) => [
  ...requests.startedAfter(clickedAt, sim.apiUrl),
  ...requests.startedAfter(clickedAt, sim.nodeUrl),
];

/**
 * The watch saw the runs that went to B (its events can reach the test after the simulator saw
 * the requests: waited for), and nothing it saw started after the click went to the old server A.
 */
async function nothingMoreTo(
  a: Simulator,
  b: Simulator,
  requests: WorkerRequests,
  clickedAt: number,
) {
  await expect
    .poll(() => requests.startedAfter(clickedAt, b.apiUrl).length, {
      timeout: 20_000,
      interval: 100,
    })
    .toBeGreaterThanOrEqual(2);
  expect(after(requests, a, clickedAt)).toEqual([]);
}

/** Waits until B has had a few sign-ins since the click: several runs of the schedule. */
async function severalRunsOn(b: Simulator, since: number) {
  await expect
    .poll(() => b.requests.filter((r) => r.server === 'api' && r.atMs > since).length, {
      timeout: 40_000,
      interval: 250,
    })
    .toBeGreaterThanOrEqual(2);
}

const storedAccounts = async () =>
  (await browser.storage()).accounts as { id: string; baseUrl: string; label: string }[];

describe('two Settings tabs', () => {
  it('an untouched form follows the save made in the other tab; its Save then keeps it, and nothing more goes to the old server', async () => {
    const { a, b, after: moved, label, id } = await accountToMove('untouched');
    const tab1 = new SettingsPage(await browser.open('options'));
    await tab1.editAccount(label);
    const tab2 = new SettingsPage(await browser.open('options'));
    await tab2.editAccount(label);
    await moveTo(tab2, b, moved);
    const requests = await watchWorkerRequests(browser, [tab1.page, tab2.page]);
    const clickedAt = await clickSave(tab2.page);
    await tab2.page.getByRole('button', { name: 'Add account' }).waitFor();

    // Tab 1's form, untouched, now shows what is stored.
    await expect
      .poll(() => tab1.page.getByLabel(t('fieldCustomServer'), { exact: true }).inputValue())
      .toBe(b.apiUrl);
    await clickSave(tab1.page);
    await tab1.page.getByRole('button', { name: 'Add account' }).waitFor();
    expect((await storedAccounts()).find((s) => s.id === id)?.baseUrl).toBe(b.apiUrl);
    expect(await tab1.accountEntries().filter({ hasText: label }).textContent()).toContain(
      new URL(b.apiUrl).host,
    );

    await severalRunsOn(b, clickedAt);
    await nothingMoreTo(a, b, requests, clickedAt);
    expect(b.requests.every((r) => r.userId === moved.userId)).toBe(true);
    await requests.stop();
    await Promise.all([tab1.page.close(), tab2.page.close()]);
  }, 120_000);

  it('an edited form is refused in one line, with the stored values and a way to keep either; the old server gets nothing more', async () => {
    const { a, b, after: moved, label, id } = await accountToMove('edited');
    const tab1 = new SettingsPage(await browser.open('options'));
    await tab1.editAccount(label);
    await tab1.page.getByLabel(t('fieldLabel'), { exact: true }).fill('Mine');
    const tab2 = new SettingsPage(await browser.open('options'));
    await tab2.editAccount(label);
    await moveTo(tab2, b, moved);
    const requests = await watchWorkerRequests(browser, [tab1.page, tab2.page]);
    const clickedAt = await clickSave(tab2.page);
    await tab2.page.getByRole('button', { name: 'Add account' }).waitFor();

    await clickSave(tab1.page);
    const refusal = tab1.page.getByRole('alert').filter({ hasText: pattern('saveNewer') });
    await refusal.waitFor();
    // Each field the other tab changed is named; a secret only as changed, never shown.
    const words = await refusal.textContent();
    expect(words).toContain(
      t('fieldStoredValue').replace('$1', t('fieldUserId')).replace('$2', moved.userId),
    );
    expect(words).toContain(
      t('fieldStoredValue').replace('$1', t('fieldServer')).replace('$2', new URL(b.apiUrl).host),
    );
    expect(words).toContain(t('fieldChanged').replace('$1', t('fieldPassword')));
    expect(words).not.toContain(moved.password);
    await refusal.getByRole('button', { name: t('keepMine') }).waitFor();
    // The refusal's line and its two buttons pass axe-core, and are looked at.
    expect(await axeViolations(tab1.page)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await tab1.page.screenshot({
      path: join(SCREENSHOTS, 'options-save-refused.png'),
      fullPage: true,
    });
    // Storage keeps the newer save.
    expect((await storedAccounts()).find((s) => s.id === id)?.baseUrl).toBe(b.apiUrl);

    // Take theirs: the form shows the stored values, and saves them.
    await refusal.getByRole('button', { name: t('takeTheirs') }).click();
    expect(await tab1.page.getByLabel(t('fieldCustomServer'), { exact: true }).inputValue()).toBe(
      b.apiUrl,
    );
    expect(await tab1.page.getByLabel(t('fieldLabel'), { exact: true }).inputValue()).toBe(label);
    await clickSave(tab1.page);
    await tab1.page.getByRole('button', { name: 'Add account' }).waitFor();

    await severalRunsOn(b, clickedAt);
    await nothingMoreTo(a, b, requests, clickedAt);
    expect((await storedAccounts()).find((s) => s.id === id)?.baseUrl).toBe(b.apiUrl);
    await requests.stop();
    await Promise.all([tab1.page.close(), tab2.page.close()]);
  }, 120_000);
});

describe('from the click on Save', () => {
  it('the permission prompt held open while alarms fire: nothing goes to the old server until it is answered, then the new one is checked', async () => {
    const { a, b, after: moved, label } = await accountToMove('prompt');
    const options = new SettingsPage(await browser.open('options'));
    // The browser's prompt, held open until the test answers it (loopback is granted at install, so Chromium would not ask).
    await options.page.evaluate(() => {
      const request = chrome.permissions.request.bind(chrome.permissions);
      const held = globalThis as unknown as { answerPrompt?: () => void };
      chrome.permissions.request = (permissions: Parameters<typeof request>[0]) =>
        new Promise<boolean>((resolve) => {
          held.answerPrompt = () => void request(permissions).then(resolve);
        });
    });
    await options.editAccount(label);
    await moveTo(options, b, moved);
    const requests = await watchWorkerRequests(browser, [options.page]);
    const clickedAt = await clickSave(options.page);
    await options.page.getByText(pattern('waitingForPermission')).waitFor();
    // Two sign-ins and two usage updates fired with the prompt open, however long they take.
    await Promise.all([
      alarmFirings(() => browser.alarms(), ALARM.signIn, 2),
      alarmFirings(() => browser.alarms(), ALARM.usageUpdate, 2),
    ]);
    expect(after(requests, a, clickedAt)).toEqual([]);
    expect(b.requests).toEqual([]);
    await options.page.evaluate(() =>
      (globalThis as unknown as { answerPrompt: () => void }).answerPrompt(),
    );
    await options.page.getByRole('button', { name: 'Add account' }).waitFor();
    await severalRunsOn(b, clickedAt);
    await nothingMoreTo(a, b, requests, clickedAt);
    await requests.stop();
    await options.page.close();
  }, 120_000);

  it('a Test connection under way when Save is clicked is stopped: its call abandoned, the form says so, nothing more to the old server', async () => {
    const { a, b, after: moved, label } = await accountToMove('testing');
    a.setFault('api', 'slow', { delayMs: 8_000 });
    a.setFault('node', 'slow', { delayMs: 8_000 });
    const options = new SettingsPage(await browser.open('options'));
    await options.editAccount(label);
    const testFrom = Date.now();
    await options.page.getByRole('button', { name: 'Test connection' }).click();
    await options.page.getByText('Testing…').waitFor();
    // The test's getUser has reached A and waits for its slow answer.
    await expect
      .poll(() => a.requests.some((r) => r.atMs >= testFrom && r.status === 0), {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(true);
    await moveTo(options, b, moved);
    const requests = await watchWorkerRequests(browser, [options.page]);
    const clickedAt = await clickSave(options.page);
    await options.page.getByRole('button', { name: 'Add account' }).waitFor();
    await severalRunsOn(b, clickedAt);
    await nothingMoreTo(a, b, requests, clickedAt);
    // Whatever was unanswered at A at the click was abandoned, the test's call with it.
    const open = a.requests.filter((r) => r.atMs >= testFrom && r.atMs <= clickedAt);
    expect(open.length).toBeGreaterThan(0);
    expect(open.filter((r) => !r.abandoned).map((r) => r.server)).toEqual([]);
    await options.page.close();
  }, 120_000);
});

describe('a save that changes nothing', () => {
  it('leaves nothing behind: the address-form fix that follows is checked at once (Chromium fires no storage event for an identical value)', async () => {
    const user = demoAccount({ userId: 'noop', password: 'pw', apiKey: 'right-key' });
    const sim = await startSimulator({ accounts: [user] });
    servers.push(sim);
    const label = 'Unchanged';
    const options = new SettingsPage(await browser.open('options'));
    // The key goes in the header and is refused there (a 403): the page offers to send it in the address.
    await browser.storeAccounts([
      storedAccount(sim, user, { id: 'id-noop', label, keyForm: 'header', apiKey: 'header-key' }),
    ]);
    const fix = options.page.getByRole('button', { name: t('useAddressForm') });
    await fix.waitFor({ timeout: 30_000 });
    // The first Save stores the account as the form writes it; the second stores the very same value.
    for (let save = 1; save <= 2; save++) {
      await options.editAccount(label);
      await clickSave(options.page);
      await options.page.getByRole('button', { name: 'Add account' }).waitFor();
    }
    const from = Date.now();
    await fix.click();
    // The fix's check: a sign-in with the key in the address, not stopped as if the account had been edited away.
    await expect
      .poll(() => sim.requests.filter((r) => r.atMs >= from && r.keyVia === 'matrix').length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    await options.page.close();
  }, 120_000);
});

/**
 * Loses the page's messages of one command: `reply` delivers each to the background and drops
 * its answer (the background carries it out, the page never hears), `message` drops the message
 * itself (nothing reaches the background). Every command the page sends is listed in `sent`.
 */
/**
 * Loses the answers of the page's changes: `reply`, the background's answer on the change's port
 * never reaches the page; `message`, the change itself never reaches the background. Either way
 * the page hears nothing, and `sent` records the commands it sends besides (a Check now).
 */
async function loseAnswers(page: Page, lost: 'reply' | 'message') {
  await page.evaluate((lost) => {
    const record = globalThis as unknown as { sent: string[] };
    record.sent = [];
    const sendMessage = chrome.runtime.sendMessage.bind(chrome.runtime);
    (chrome.runtime as unknown as { sendMessage: unknown }).sendMessage = (message: {
      type?: string;
    }) => {
      record.sent.push(String(message.type));
      return sendMessage(message);
    };
    const connect = chrome.runtime.connect.bind(chrome.runtime);
    (chrome.runtime as unknown as { connect: unknown }).connect = (info: { name?: string }) => {
      const port = connect(info);
      if (!info.name?.startsWith('change:')) return port;
      if (lost === 'message') {
        const post = port.postMessage.bind(port);
        port.postMessage = (message: unknown) => {
          if (!(message && typeof message === 'object' && 'change' in message)) post(message);
        };
      } else {
        const listen = port.onMessage.addListener.bind(port.onMessage);
        port.onMessage.addListener = (listener: (message: unknown, port: unknown) => void) =>
          listen((message, from) => {
            if (!(message && typeof message === 'object' && 'answer' in message))
              listener(message, from);
          });
      }
      return port;
    };
  }, lost);
}

describe('a lost answer', () => {
  it('the page reads what is stored: a stored save says so and the background checks it; one not stored says "Not saved" and keeps what was typed', async () => {
    // The page waits 30 s (not time-scaled) for a change's answer, then reads storage.
    const stored = await accountToMove('lost-reply');
    const notStored = await accountToMove('lost-message');
    await browser.storeAccounts([stored.stored, notStored.stored]);
    const tab1 = new SettingsPage(await browser.open('options'));
    const tab2 = new SettingsPage(await browser.open('options'));
    await loseAnswers(tab1.page, 'reply');
    await loseAnswers(tab2.page, 'message');
    await tab1.editAccount(stored.label);
    await moveTo(tab1, stored.b, stored.after);
    await tab2.editAccount(notStored.label);
    await moveTo(tab2, notStored.b, notStored.after);
    await Promise.all([clickSave(tab1.page), clickSave(tab2.page)]);

    // Stored: the background has it at once, and the page, having heard nothing, finds it there.
    await expect
      .poll(async () => (await storedAccounts()).find((s) => s.id === stored.id)?.baseUrl, {
        timeout: 10_000,
      })
      .toBe(stored.b.apiUrl);
    await tab1.page.getByRole('button', { name: 'Add account' }).waitFor({ timeout: 45_000 });
    expect(await tab1.page.getByRole('alert').count()).toBe(0);
    expect(await tab1.accountEntries().filter({ hasText: stored.label }).textContent()).toContain(
      new URL(stored.b.apiUrl).host,
    );
    // The background checked the account it stored with new credentials: a sign-in at B, and
    // the page sent no command of its own.
    await expect
      .poll(() => stored.b.requests.filter((r) => r.server === 'api' && r.status === 200).length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    expect(
      await tab1.page.evaluate(() => (globalThis as unknown as { sent: string[] }).sent),
    ).toEqual([]);

    // Not stored: "Not saved", in one line, and the form keeps what was typed.
    const failure = tab2.page.getByRole('alert').filter({ hasText: t('saveNoAnswer') });
    await failure.waitFor({ timeout: 45_000 });
    expect(await tab2.page.getByRole('alert').count()).toBe(1);
    expect(await tab2.page.getByLabel(t('fieldCustomServer'), { exact: true }).inputValue()).toBe(
      notStored.b.apiUrl,
    );
    expect((await storedAccounts()).find((s) => s.id === notStored.id)?.baseUrl).toBe(
      notStored.a.apiUrl,
    );
    await Promise.all([tab1.page.close(), tab2.page.close()]);
  }, 150_000);
});

describe('an import whose settings are refused', () => {
  it('stores nothing, all or nothing: the accounts stay as they were, and the page says why in one line', async () => {
    const user = demoAccount({ userId: 'kept', password: 'pw', apiKey: 'key' });
    const imported = demoAccount({ userId: 'imported', password: 'pw-i', apiKey: 'key-i' });
    const sim = await startSimulator({ accounts: [user, imported] });
    servers.push(sim);
    const kept = storedAccount(sim, user, { id: 'id-kept', label: 'Kept' });
    await browser.storeAccounts([kept]);
    const before = await browser.storage();
    const file = join(mkdtempSync(join(tmpdir(), 'refused-import-')), 'settings.json');
    const fileAccount = storedAccount(sim, imported, { id: 'id-imported', label: 'Imported' });
    // What is stored, read into the product's words (the export writes them under the stored names).
    const fileSettings = { ...settingsFrom(before.settings), warningPercent: 70 };
    writeFileSync(file, JSON.stringify(exportFile([fileAccount], fileSettings, true, Date.now())));

    const options = new SettingsPage(await browser.open('options', 'transfer'));
    // A newer version's settings land after the page has looked and before the background writes:
    // their version marker locks the settings, so only the background can refuse the import.
    await options.page.evaluate(() => {
      const connect = chrome.runtime.connect.bind(chrome.runtime);
      (chrome.runtime as unknown as { connect: unknown }).connect = (info: { name?: string }) => {
        const port = connect(info);
        const post = port.postMessage.bind(port);
        port.postMessage = (message: { change?: { kind?: string } }) => {
          if (message.change?.kind !== 'import') return post(message);
          void chrome.storage.local.set({ settings$: { v: 99 } }).then(() => post(message));
        };
        return port;
      };
    });
    await options.page.getByLabel(t('importFile'), { exact: true }).setInputFiles(file);
    const preview = options.page.getByRole('region', { name: t('importPreviewHeading') });
    await preview.getByRole('button', { name: t('importApply'), exact: true }).click();

    const refusal = options.page.getByRole('alert').filter({ hasText: t('saveRefused') });
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.count()).toBe(1);
    expect(await options.page.getByText(pattern('importDone')).count()).toBe(0);
    // Neither the accounts nor the settings: storage holds what it held, and the marker.
    const after = await browser.storage();
    expect(after.accounts).toEqual(before.accounts);
    expect(after.settings).toEqual(before.settings);
    expect(after.settings$).toEqual({ v: 99 });

    await browser.currentWorker().evaluate(() => chrome.storage.local.remove('settings$'));
    await options.page.close();
  }, 90_000);
});
