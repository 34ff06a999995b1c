// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { accountIdentity } from '@/lib/store/accounts';
import { packPoints, type HistoryPoint } from '@/lib/store/history';
import { DEFAULT_SETTINGS, storedSettings } from '@/lib/store/settings';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { dayOf } from '@/lib/basics/time';
import { account, GB, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { onMessages } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import { storeAccounts, openSettingsPage } from '../../helpers/harness';

// The Settings page's new parts: each account's whole history with its scale and its CSV, the
// forecast switch, and settings exported to a file and imported from one after a preview.

let downloads: { name: string; type: string; text: Promise<string> }[];
let stopMessages: () => void;
const notSentHere = () => Promise.reject(new Error('not sent here'));

beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
  // An import is stored by the background (as it is here), which stops the replaced accounts' checks first.
  stopMessages = withChanges(
    onMessages({
      checkNow: notSentHere,
      useAddressForm: notSentHere,
      testConnection: notSentHere,
    }),
  );
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${downloads.length}`;
    downloads.push({ name: '', type: (blob as Blob).type, text: (blob as Blob).text() });
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.at(-1)!.name = this.download;
  });
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.restoreAllMocks();
});

const TODAY = dayOf(NOW);
const points: HistoryPoint[] = [
  [TODAY - 2, 10 * GB, 28 * GB],
  [TODAY - 1, 11 * GB, 28 * GB],
  [TODAY, 12 * GB, 30 * GB],
];

describe('history', () => {
  it('charts each account’s whole history with its scale labelled, and downloads it as CSV', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({
      history: { home: { identity: accountIdentity(account()), points: packPoints(points) } },
    });
    openSettingsPage('history');
    render(<App />);
    const figure = (await screen.findByRole('heading', { name: 'Home', level: 3 })).closest(
      'figure',
    )!;
    const [first, last] = ['Nov 19, 2026', 'Nov 21, 2026'];
    expect(
      within(figure).getByText(
        `Used storage from ${first} to ${last}: 10 GB at the start, 12 GB at the end.`,
      ).tagName,
    ).toBe('FIGCAPTION');
    // The scale: 0 to the largest quota, first to last day; and what each line is.
    for (const label of ['30 GB', '0', first, last, 'Used', 'Quota'])
      expect(within(figure).getByText(label)).toBeTruthy();
    fireEvent.click(within(figure).getByRole('button', { name: 'Download history (CSV)' }));
    expect(downloads.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'storage-keeper-history-yamada@api.teracloud.jp.csv', type: 'text/csv' },
    ]);
    expect(await downloads[0]!.text).toBe(
      `date,used_bytes,quota_bytes\r\n2026-11-19,${10 * GB},${28 * GB}\r\n2026-11-20,${11 * GB},${28 * GB}\r\n2026-11-21,${12 * GB},${30 * GB}\r\n`,
    );
  });

  it('a history of one day names that day once, not "from Nov 21 to Nov 21"', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({
      history: {
        home: { identity: accountIdentity(account()), points: packPoints(points.slice(-1)) },
      },
    });
    openSettingsPage('history');
    render(<App />);
    const figure = (await screen.findByRole('heading', { name: 'Home', level: 3 })).closest(
      'figure',
    )!;
    expect(within(figure).getByText('Used storage on Nov 21, 2026: 12 GB.').tagName).toBe(
      'FIGCAPTION',
    );
    expect(within(figure).getAllByText('Nov 21, 2026')).toHaveLength(1);
  });

  it('says there is no history yet, and shows none of an old server’s or user’s', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({
      history: {
        home: {
          identity: accountIdentity({ ...account(), userId: 'before' }),
          points: packPoints(points),
        },
      },
    });
    openSettingsPage('history');
    render(<App />);
    const figure = (await screen.findByRole('heading', { name: 'Home', level: 3 })).closest(
      'figure',
    )!;
    expect(figure.textContent).toContain('No history yet');
    expect(within(figure).queryByRole('button')).toBeNull();
  });
});

describe('history beyond the dates JavaScript can write', () => {
  const farDay = 2e8; // 17 million years from 1970: no Date can hold it

  it('is left out when read, so the page and its chart still show', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({
      history: {
        home: {
          identity: accountIdentity(account()),
          points: packPoints([...points, [farDay, GB, GB]]),
        },
      },
    });
    openSettingsPage('history');
    render(<App />);
    const figure = (await screen.findByRole('heading', { name: 'Home', level: 3 })).closest(
      'figure',
    )!;
    expect(figure.textContent).toContain('Nov 21, 2026');
    fireEvent.click(screen.getByRole('link', { name: 'Your data' }));
    expect(await screen.findByRole('button', { name: 'Remove all data' })).toBeTruthy();
  });
});

describe('the forecast switch', () => {
  it('is saved with the other settings', async () => {
    openSettingsPage('settings');
    render(<App />);
    fireEvent.click(
      await screen.findByLabelText('Notify when storage will be full within two weeks'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(async () =>
      expect(await loadSettings()).toEqual({ ...DEFAULT_SETTINGS, notifyForecast: false }),
    );
  });
});

/** Chooses a file in the import field, as the browser's file picker would. */
function chooseFile(text: string) {
  const input = screen.getByLabelText<HTMLInputElement>('Import accounts and settings from a file');
  Object.defineProperty(input, 'files', {
    configurable: true,
    value: [new File([text], 'settings.json', { type: 'application/json' })],
  });
  fireEvent.change(input);
}

const exported = async () => JSON.parse(await downloads.at(-1)!.text);

describe('export', () => {
  it('leaves secrets out by default, with a plain warning beside the box that puts them in', async () => {
    await storeAccounts([account()]);
    openSettingsPage('transfer');
    render(<App />);
    const box = await screen.findByLabelText('Include passwords and API keys');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Anyone who has the file can then sign in to your accounts/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export accounts and settings' }));
    expect(downloads.at(-1)!.name).toMatch(/^storage-keeper-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await exported();
    expect(file).toMatchObject({
      format: 'storage-keeper-settings',
      version: 1,
      secrets: false,
      settings: storedSettings(DEFAULT_SETTINGS),
    });
    expect(file.accounts).toEqual([
      {
        label: 'Home',
        baseUrl: 'https://api.teracloud.jp',
        userId: 'yamada',
        keyForm: 'header',
        notifications: true,
      },
    ]);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Export accounts and settings' }));
    expect((await exported()).accounts[0]).toMatchObject({ password: 'app-pw', apiKey: 'key-1' });
  });
});

describe('import', () => {
  const file = (accounts: unknown[], settings?: object) =>
    JSON.stringify({
      format: 'storage-keeper-settings',
      version: 1,
      accounts,
      ...(settings && { settings }),
    });

  it('previews what it adds, updates and leaves alone; imports without removing anything; says what an incomplete account needs', async () => {
    const damaged = { id: 'broken', label: 'Broken', keyForm: 'both' };
    await storeAccounts([
      account(),
      account({ id: 'work', label: 'Work', userId: 'work' }),
      damaged,
    ]);
    openSettingsPage('transfer');
    render(<App />);
    await screen.findByRole('heading', { name: 'Export and import' });
    chooseFile(
      file(
        [
          { baseUrl: 'https://api.teracloud.jp', userId: 'yamada', label: 'Home, renamed' },
          { baseUrl: 'https://api.infini-cloud.net', userId: 'new-user', label: 'New' },
        ],
        { refreshMinutes: 60 },
      ),
    );
    const preview = await screen.findByRole('region', { name: 'What this import will do' });
    const group = (heading: string) =>
      within(preview).getByRole('heading', { name: heading }).nextElementSibling!.textContent;
    expect(group('Added')).toBe(
      'New new-user at api.infini-cloud.net · needs the apps password and API key',
    );
    expect(group('Updated (same server and user ID)')).toBe(
      'Home, renamed yamada at api.teracloud.jp',
    );
    expect(group('Left alone')).toBe('Work work at api.teracloud.jp');
    expect(preview.textContent).toContain("The shared settings are replaced by the file's.");
    expect((await loadAccounts()).accounts).toHaveLength(2); // nothing written before the user says so

    fireEvent.click(within(preview).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Imported: 1 added, 1 updated. Nothing was removed.'),
    ).toBeTruthy();
    const stored = await loadAccounts();
    expect(stored.accounts.map((a) => [a.label, a.password, a.apiKey])).toEqual([
      ['Home, renamed', 'app-pw', 'key-1'],
      ['Work', 'app-pw', 'key-1'],
      ['New', '', ''],
    ]);
    expect(stored.damaged).toHaveLength(1); // the damaged entry is kept
    expect((await loadSettings()).usageUpdateMinutes).toBe(60);
    fireEvent.click(screen.getByRole('link', { name: 'Accounts' }));
    const added = (await screen.findByText('New', { selector: 'li strong' })).closest('li')!;
    expect(added.textContent).toContain(
      'This account needs its apps password and API key. Until it has them, nothing is sent',
    );
  });

  it.each([
    [
      'a broken file',
      '{"format": "storage-keeper-settings",',
      ['This is not a file exported by Storage Keeper: it is not JSON.'],
    ],
    [
      'another program’s file',
      '{"name": "something else"}',
      ['This is not a file exported by Storage Keeper.'],
    ],
    [
      'a newer format',
      '{"format": "storage-keeper-settings", "version": 2}',
      [
        'This file was made by a newer version of Storage Keeper (format 2). Update the extension to import it.',
      ],
    ],
    [
      'a file with mistakes',
      JSON.stringify({
        format: 'storage-keeper-settings',
        version: 1,
        accounts: [{ baseUrl: 'ftp://x', userId: 'a' }],
        settings: { keepAliveHours: 500 },
      }),
      [
        'Nothing was imported: the file has these mistakes.',
        'Account 1 › Server: Enter an https:// address of the server, without a path.',
        'Settings › Sign in every: Out of the allowed range.',
      ],
    ],
  ])('refuses %s, says why, and changes nothing', async (_name, text, lines) => {
    await storeAccounts([account()]);
    openSettingsPage('transfer');
    render(<App />);
    await screen.findByRole('heading', { name: 'Export and import' });
    const before = await fakeBrowser.storage.local.get();
    chooseFile(text);
    const alert = await screen.findByRole('alert');
    for (const line of lines) expect(within(alert).getByText(line)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(await fakeBrowser.storage.local.get()).toEqual(before);
  });

  it('writes nothing at all when settings a newer version stored cannot be replaced', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set({ settings: DEFAULT_SETTINGS, settings$: { v: 2 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openSettingsPage('transfer');
    render(<App />);
    await screen.findByRole('heading', { name: 'Export and import' });
    chooseFile(
      file([{ baseUrl: 'https://api.teracloud.jp', userId: 'another' }], { refreshMinutes: 60 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByText(
      'Not saved: the stored data comes from a newer version of Storage Keeper or is damaged (see above).',
    );
    expect((await fakeBrowser.storage.local.get('accounts')).accounts).toEqual([account()]);
  });

  it('writes nothing over accounts a newer version stored', async () => {
    await fakeBrowser.storage.local.set({ accounts: [account()], accounts$: { v: 3 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openSettingsPage('transfer');
    render(<App />);
    await screen.findByRole('heading', { name: 'Export and import' });
    chooseFile(file([{ baseUrl: 'https://api.teracloud.jp', userId: 'another' }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(
      'Not saved: the stored data comes from a newer version of Storage Keeper or is damaged (see above).',
    );
    expect((await fakeBrowser.storage.local.get('accounts')).accounts).toEqual([account()]);
  });
});
