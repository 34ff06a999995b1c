// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { onMessages, type ConnectionReport } from '@/lib/extension/messages';
import { onChanges } from '@/lib/extension/change-port';
import { withChanges } from '../../helpers/account-commands';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { storeAccounts, openSettingsPage } from '../../helpers/harness';

import { account, GB, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { settingsItems } from '../../../../testbed/browsers/stored-items';

const savedAccounts = async () => (await loadAccounts()).accounts;

let messages: { type: string; data: unknown }[];
let report: ConnectionReport;
let stopMessages: () => void;
let testFails = false;

beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
  messages = [];
  report = {
    user: { ok: true, value: userInfo() },
    capacity: { ok: true, value: { quota: 28 * GB, used: 7 * GB } },
    nodeOrigin: 'https://nanao.teracloud.jp',
  };
  stopMessages = withChanges(
    onMessages({
      checkNow: async (data) => (messages.push({ type: 'checkNow', data }), {}),
      useAddressForm: async (data) => (messages.push({ type: 'useAddressForm', data }), {}),
      testConnection: async (data) => {
        messages.push({ type: 'testConnection', data });
        if (testFails) throw new Error('the background failed');
        return report;
      },
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

async function fillNewAccount() {
  render(<App />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
  type('User ID', 'yamada');
  type('Apps password', 'pä:ss');
  type('API key', 'key-1');
}

describe('settings', () => {
  it('shows each invalid field its own error, saves the valid ones, and keeps what was typed', async () => {
    openSettingsPage('settings');
    render(<App />);
    await screen.findByLabelText('Sign in every');
    type('Sign in every', '0');
    type('Update usage every', '45');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(async () => expect((await loadSettings()).usageUpdateMinutes).toBe(45));
    const keepAlive = screen.getByLabelText<HTMLInputElement>('Sign in every');
    expect(keepAlive.value).toBe('0');
    expect(keepAlive.getAttribute('aria-invalid')).toBe('true');
    const errorId = keepAlive
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!;
    expect(document.getElementById(errorId)?.textContent).toBe('Out of the allowed range.');
    expect((await loadSettings()).signInHours).toBe(24);
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('requires warning below critical', async () => {
    openSettingsPage('settings');
    render(<App />);
    await screen.findByLabelText('“Nearly full” from');
    type('“Nearly full” from', '97');
    type('“Critically full” from', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a whole number.')).toBeTruthy();
    type('“Critically full” from', '96');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Must be above “Nearly full”.')).toBeTruthy();
    expect(await loadSettings()).toEqual(DEFAULT_SETTINGS);
    type('“Critically full” from', '99');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(await loadSettings()).toMatchObject({ warningPercent: 97, criticalPercent: 99 });
  });
});

describe('accounts', () => {
  it('adds a second account after the first, never over it', async () => {
    fakeBrowser.permissions.request = async () => true;
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    type('User ID', 'suzuki');
    type('Apps password', 'pw-2');
    type('API key', 'key-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await savedAccounts()).map((a) => a.userId)).toEqual(['yamada', 'suzuki']),
    );
  });

  it('adds an account, asks for its hosts and stores it (the background checks it: no Check now from the page)', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    expect((await savedAccounts())[0]).toMatchObject({
      baseUrl: 'https://api.infini-cloud.net',
      userId: 'yamada',
      password: 'pä:ss',
      apiKey: 'key-1',
      keyForm: 'matrix',
      keySource: 'own',
    });
    expect(requested).toEqual([['https://api.infini-cloud.net/*']]);
    expect(messages).toEqual([]);
  });

  it('says what is missing beside each field and stores nothing', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'custom' } });
    type('Server address', 'http://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(3);
    expect(
      screen.getByText('Enter an https:// address of the server, without a path.'),
    ).toBeTruthy();
    expect(await savedAccounts()).toEqual([]);
  });

  it('tests unsaved values and reports each step, storing nothing', async () => {
    await fillNewAccount();
    fireEvent.click(screen.getByRole('radio', { name: /Parameter in the address/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const status = await screen.findByText(/Connected as yamada/);
    expect(status.closest('[role=status]')?.textContent).toContain('7 GB of 28 GB used');
    // Each step named as the user knows it, no server jargon.
    expect(status.closest('[role=status]')?.textContent).toMatch(
      /^Signing in to the service: Connected as yamada.*Updating usage:/,
    );
    expect(messages[0]).toEqual({
      type: 'testConnection',
      data: {
        draft: expect.objectContaining({ userId: 'yamada', keyForm: 'matrix' }),
        accountId: expect.any(String),
      },
    });
    expect(await savedAccounts()).toEqual([]);
    report = { user: { ok: false, failure: { kind: 'api-key-rejected' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(
        'The API key was rejected. Check the key you entered: it must be one the service issued to you through its developer programme.',
      ),
    ).toBeTruthy();
  });

  it('says so when the background fails to run the test, instead of "Testing…" forever', async () => {
    testFails = true;
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/The test could not be run/)).toBeTruthy();
    expect(screen.queryByText('Testing…')).toBeNull();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Test connection' }).disabled,
    ).toBe(false);
    testFails = false;
  });

  it('asks on save for the node host a test revealed', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Connected as yamada/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    expect(requested.at(-1)).toEqual([
      'https://api.infini-cloud.net/*',
      'https://nanao.teracloud.jp/*',
    ]);
  });

  it.each([
    [
      'user ID',
      (v: string) => fireEvent.input(screen.getByLabelText('User ID'), { target: { value: v } }),
    ],
    [
      'apps password',
      (v: string) =>
        fireEvent.input(screen.getByLabelText('Apps password'), { target: { value: v } }),
    ],
    [
      'API key',
      (v: string) => fireEvent.input(screen.getByLabelText('API key'), { target: { value: v } }),
    ],
    ['key form', () => fireEvent.click(screen.getByRole('radio', { name: /Request header/ }))],
    [
      'server',
      () =>
        fireEvent.change(screen.getByLabelText('Server'), {
          target: { value: 'https://api.teracloud.jp' },
        }),
    ],
  ])(
    'an edit of the %s clears the test result, and Save then asks for no node of the old test',
    async (_field, edit) => {
      const requested: string[][] = [];
      fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
      await fillNewAccount();
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      await screen.findByText(/Connected as yamada/);
      edit('changed');
      expect(screen.queryByText(/Connected as yamada/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
      expect(requested.at(-1)).toHaveLength(1);
      expect(requested.at(-1)![0]).not.toContain('nanao.teracloud.jp');
    },
  );

  it('a test answered after an edit made during it shows nothing, and Save asks for no node of it', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stopMessages();
    stopMessages = withChanges(
      onMessages({
        checkNow: async () => ({}),
        useAddressForm: async () => ({}),
        testConnection: async () => (await answered, report),
      }),
    );
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Testing…');
    type('User ID', 'sato');
    answer();
    await waitFor(() => expect(screen.queryByText('Testing…')).toBeNull());
    expect(screen.queryByText(/Connected as yamada/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    expect(requested.at(-1)).toEqual(['https://api.infini-cloud.net/*']);
  });

  it('an edit of the name keeps the test result (it tested the same credentials)', async () => {
    fakeBrowser.permissions.request = async () => true;
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Connected as yamada/);
    fireEvent.input(screen.getByLabelText('Name (optional)'), { target: { value: 'Renamed' } });
    expect(screen.getByText(/Connected as yamada/)).toBeTruthy();
  });

  it('shows a refused permission and saves nothing', async () => {
    fakeBrowser.permissions.request = async () => false;
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Access to https:\/\/api.infini-cloud.net was not allowed/),
    ).toBeTruthy();
    expect(await savedAccounts()).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('yamada');
  });

  it('hands what the user entered to the background to store, and when the background fails says so, stores nothing and keeps what was typed', async () => {
    stopMessages();
    const handed: unknown[] = [];
    const stopChanges = onChanges(() => ({
      carryOut: async (change) => (handed.push(change), { failed: 'the background failed' }),
      close: () => {},
    }));
    const stopCommands = onMessages({
      checkNow: async () => ({}),
      useAddressForm: async () => ({}),
      testConnection: async () => report,
    });
    stopMessages = () => (stopChanges(), stopCommands());
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Not saved: Storage Keeper's background could not store it (the background failed). What you entered is still here; try again.",
    );
    expect(handed).toEqual([
      {
        kind: 'edit-account',
        accountId: expect.any(String),
        revision: null,
        fields: expect.objectContaining({ userId: 'yamada', password: 'pä:ss', apiKey: 'key-1' }),
      },
    ]);
    expect(await savedAccounts()).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('yamada');
  });

  it('edits and removes an account, with confirmation', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    render(<App />);
    const home = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    fireEvent.click(within(home).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>('Apps password').type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password', pressed: false });
    fireEvent.click(toggle);
    expect(screen.getByLabelText<HTMLInputElement>('Apps password').type).toBe('text');
    // One way to say the state: pressed, under the same name.
    expect(screen.getByRole('button', { name: 'Show password', pressed: true })).toBe(toggle);
    type('Name (optional)', 'House');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await savedAccounts()).map((a) => a.label)).toEqual(['House', 'Work']),
    );

    const work = (await screen.findByText('Work', { selector: 'li strong' })).closest('li')!;
    fireEvent.click(within(work).getByRole('button', { name: 'Remove' }));
    expect(await savedAccounts()).toHaveLength(2);
    fireEvent.click(within(work).getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(async () =>
      expect((await savedAccounts()).map((a) => a.label)).toEqual(['House']),
    );
  });

  it('removes all data only after confirmation', async () => {
    await storeAccounts([account()]);
    await fakeBrowser.storage.local.set(settingsItems({ usageUpdateMinutes: 60 }));
    openSettingsPage('data');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove all data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await savedAccounts()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove all data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Remove all data' }));
    await waitFor(async () => expect(await fakeBrowser.storage.local.get()).toEqual({}));
    expect(await screen.findByText('No account yet.')).toBeTruthy();
  });

  it('renders in Japanese', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'アカウント' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '動作の設定' }));
    expect(await screen.findByLabelText('サインインの間隔')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'データ' }));
    expect(await screen.findByRole('button', { name: 'すべてのデータを削除' })).toBeTruthy();
  });
});
