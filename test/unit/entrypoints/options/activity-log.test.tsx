// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { accountIdentity } from '@/lib/store/accounts';
import { packActivity, type ActivityEntry } from '@/lib/store/activity';
import { recordCheck } from '@/lib/store/writes';
import { account, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../../helpers/harness';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';

// The activity log on the Settings page: per account its summary, its entries newest first in
// the page's language, more on request, the whole log as CSV.

let downloads: { name: string; text: Promise<string> }[];

beforeEach(() => {
  openSettingsPage('activity');
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  fakeBrowser.reset();
  installFakeExtensionApis();
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    downloads.push({ name: '', text: (blob as Blob).text() });
    return `blob:test/${downloads.length}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.at(-1)!.name = this.download;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const entry = (
  at: number,
  check: ActivityEntry['check'],
  trigger: ActivityEntry['trigger'],
  outcome: ActivityEntry['outcome'] = 'ok',
): ActivityEntry => ({ at, check, trigger, outcome });
/** Three days: a start, a failed scheduled sign-in retried 40 minutes later, a "Check now". */
const threeDays = [
  entry(NOW - 2 * DAY, 'sign-in', 'start'),
  entry(NOW - 2 * DAY, 'usage', 'start'),
  entry(NOW - DAY, 'sign-in', 'schedule', 'server-error'),
  entry(NOW - DAY + 40 * MINUTE, 'sign-in', 'retry'),
  entry(NOW - 5 * MINUTE, 'sign-in', 'manual'),
  entry(NOW - 5 * MINUTE, 'usage', 'manual', 'network'),
];
const storeActivity = (entries: ActivityEntry[], id = 'home') =>
  fakeBrowser.storage.local.set({
    activity: { [id]: { identity: accountIdentity(account()), entries: packActivity(entries) } },
    activity$: { v: 1 },
  });
const logOf = (name: string) => screen.findByRole('article', { name });
const rows = (article: HTMLElement) =>
  within(article)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the activity log', () => {
  it('shows each account’s summary and its entries newest first, and downloads the whole log as CSV', async () => {
    await storeAccounts([account()]);
    await storeActivity(threeDays);
    render(<App />);
    const log = await logOf('Home');
    expect(within(log).getByText(/^Days with a successful sign-in/).textContent).toBe(
      'Days with a successful sign-in since Nov 19, 2026: 3 of 3. 1 failure, followed by a successful sign-in 40 minutes later.',
    );
    const time = (at: number) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
    expect(rows(log)).toEqual([
      [time(NOW - 5 * MINUTE), 'Usage update', 'Check now', 'Service unreachable'],
      [time(NOW - 5 * MINUTE), 'Sign-in', 'Check now', 'OK'],
      [time(NOW - DAY + 40 * MINUTE), 'Sign-in', 'Retry', 'OK'],
      [time(NOW - DAY), 'Sign-in', 'Schedule', 'Server error'],
      [time(NOW - 2 * DAY), 'Usage update', 'Catch-up at start', 'OK'],
      [time(NOW - 2 * DAY), 'Sign-in', 'Catch-up at start', 'OK'],
    ]);
    expect(within(log).getByRole('table', { name: 'Activity of Home, newest first' })).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: 'Download activity log (CSV)' }));
    expect(downloads[0]!.name).toBe('storage-keeper-activity-yamada@api.teracloud.jp.csv');
    const csv = (await downloads[0]!.text).split('\r\n');
    expect(csv[0]).toBe('time,check,trigger,outcome');
    expect(csv.slice(1, -1)).toHaveLength(threeDays.length);
    expect(csv[3]).toBe(`${new Date(NOW - DAY).toISOString()},sign-in,schedule,server-error`);
  });

  it('says so when nothing is logged yet, and offers no table or CSV', async () => {
    await storeAccounts([account()]);
    render(<App />);
    const log = await logOf('Home');
    expect(within(log).getByText('No sign-ins or usage updates recorded yet.')).toBeTruthy();
    expect(within(log).queryByRole('table')).toBeNull();
    expect(within(log).queryByRole('button')).toBeNull();
  });

  it('says since when sign-in is failing, and shows the newest entries first with more on request', async () => {
    await storeAccounts([account()]);
    const failing = Array.from({ length: 30 }, (_, i) =>
      entry(
        NOW - (30 - i) * HOUR,
        'sign-in',
        i === 0 ? 'schedule' : 'retry',
        i === 0 ? 'ok' : 'credentials-rejected',
      ),
    );
    await storeActivity(failing);
    render(<App />);
    const log = await logOf('Home');
    expect(within(log).getByText(/^Days with a successful sign-in/).textContent).toContain(
      `Sign-in has been failing since ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(NOW - 29 * HOUR)}.`,
    );
    expect(rows(log)).toHaveLength(20);
    expect(rows(log)[0]![3]).toBe('User ID or apps password rejected');
    fireEvent.click(within(log).getByRole('button', { name: 'Show more' }));
    expect(rows(log)).toHaveLength(30);
    expect(within(log).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('follows new entries as the background logs them', async () => {
    await storeAccounts([account()]);
    render(<App />);
    const log = await logOf('Home');
    await recordCheck(account(), { entry: entry(NOW, 'sign-in', 'schedule') });
    await waitFor(() => expect(rows(log)).toHaveLength(1));
  });

  it('speaks the page’s language', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    await storeAccounts([account()]);
    await storeActivity(threeDays);
    render(<App />);
    const log = await logOf('Home');
    expect(rows(log)[0]!.slice(1)).toEqual([
      '使用量の更新',
      '今すぐ確認',
      'サービスに接続できない',
    ]);
    const summary = within(log).getByText(/サインインに成功した日/).textContent;
    expect(summary).toContain('以降、サインインに成功した日: 3 日中 3 日。');
    expect(summary).not.toMatch(/。 /); // no half-width space between Japanese sentences
  });
});
