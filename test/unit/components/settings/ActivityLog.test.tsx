// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ActivityLog } from '@/components/settings/ActivityLog';
import { DAY_MS as DAY, HOUR_MS as HOUR } from '@/lib/basics/time';
import { accountIdentity, type Account } from '@/lib/store/accounts';
import { packActivity, type ActivityEntry } from '@/lib/store/activity';
import { signIn, usage } from '../../helpers/activity-entries';
import { account, NOW, workAccount } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { activityItems } from '../../../../testbed/browsers/stored-items';

// What the log component decides itself (the Settings page's tests, activity-log.test.tsx, show
// the log in the page): whose entries each account shows, its summary's words, and how many rows.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

/** Stores each account's log as the background keeps it, under the identity it was logged for. */
const storeLogs = (...logs: [id: string, identity: Account, entries: ActivityEntry[]][]) =>
  fakeBrowser.storage.local.set(
    activityItems(
      Object.fromEntries(
        logs.map(([id, of, entries]) => [
          id,
          { identity: accountIdentity(of), entries: packActivity(entries) },
        ]),
      ),
    ),
  );

const renderLog = (accounts: Account[]) =>
  render(<ActivityLog accounts={accounts} locale="en" now={() => NOW} />);
const summaryOf = async (name: string) =>
  (await screen.findByRole('article', { name })).querySelector('.activity__summary')!.textContent;
/** The entries shown: the table's rows but its heading. */
const rowsOf = async (name: string) =>
  within(await screen.findByRole('article', { name }))
    .queryAllByRole('row')
    .slice(1).length;

it("shows each account its own log, and none logged for the account's earlier user ID", async () => {
  await storeLogs(
    ['home', account({ userId: 'before' }), [signIn(NOW - HOUR)]],
    ['work', workAccount(), [signIn(NOW - HOUR), usage(NOW - HOUR)]],
  );
  renderLog([account(), workAccount()]);
  expect(await summaryOf('Home')).toBe('No sign-ins or usage updates recorded yet.');
  expect(await rowsOf('Home')).toBe(0);
  expect(await rowsOf('Work')).toBe(2);
});

it('says no sign-in is recorded when only usage updates are', async () => {
  await storeLogs(['home', account(), [usage(NOW - DAY), usage(NOW - HOUR)]]);
  renderLog([account()]);
  expect(await summaryOf('Home')).toBe('No sign-in recorded yet.');
});

it('counts the failures a sign-in ended, and names the longest', async () => {
  await storeLogs([
    'home',
    account(),
    [
      signIn(NOW - 3 * DAY, 'network'),
      signIn(NOW - 3 * DAY + HOUR),
      signIn(NOW - DAY, 'server-error'),
      signIn(NOW - DAY + 3 * HOUR),
    ],
  ]);
  renderLog([account()]);
  expect(await summaryOf('Home')).toBe(
    'Days with a successful sign-in since Nov 18, 2026: 2 of 2. 2 failures, each followed by a successful sign-in within 3 hours.',
  );
});

it('shows the newest 20 entries, and 100 more at each "Show more"', async () => {
  const hourly = Array.from({ length: 150 }, (_, i) => usage(NOW - (150 - i) * HOUR, 'network'));
  await storeLogs(['home', account(), hourly]);
  renderLog([account()]);
  expect(await rowsOf('Home')).toBe(20);
  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await rowsOf('Home')).toBe(120);
  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await rowsOf('Home')).toBe(150);
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
});
