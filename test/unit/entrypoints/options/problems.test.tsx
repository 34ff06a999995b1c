// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import type { Failure } from '@/lib/service/failures';
import type { ConnectionReport } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { loadAccounts } from '@/lib/store/reads';
import { onMessages } from '@/lib/extension/messages';
import { storeAccounts, openSettingsPage } from '../../helpers/harness';

const savedAccounts = async () => (await loadAccounts()).accounts;
const storeSnapshots = (snapshots: Record<string, unknown>) =>
  fakeBrowser.storage.local.set({ snapshots });
import { account, NOW, snapshot, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { settingsItems } from '../../../../testbed/browsers/stored-items';

// The Settings page with what goes wrong: permissions, refused keys, damaged storage, and
// what it says about each.

let messages: { type: string; data: unknown }[];
let report: ConnectionReport;

beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
  messages = [];
  report = { user: { ok: true, value: userInfo() } };
  stopMessages = withChanges(
    onMessages({
      checkNow: async (data) => (messages.push({ type: 'checkNow', data }), {}),
      useAddressForm: async (data) => (messages.push({ type: 'useAddressForm', data }), {}),
      testConnection: async (data) => {
        messages.push({ type: 'testConnection', data });
        return report;
      },
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
});
let stopMessages: () => void;

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const failing = (failure: Failure): AccountSnapshot =>
  snapshot(44, { keepAlive: { consecutiveFailures: 1, failure, lastAttemptAt: NOW } });

async function fillNewAccount(baseUrl?: string) {
  render(<App />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
  if (baseUrl) {
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'custom' } });
    type('Server address', baseUrl);
  }
  type('User ID', 'yamada');
  type('Apps password', 'pw');
  type('API key', 'key-1');
}

describe('settings after "Remove all data"', () => {
  it('show the defaults at once, without reopening the page', async () => {
    await fakeBrowser.storage.local.set(settingsItems({ usageUpdateMinutes: 60, signInHours: 12 }));
    openSettingsPage('settings');
    render(<App />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Update usage every').value).toBe('60'),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Your data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove all data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Remove all data' }));
    await screen.findByRole('heading', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('link', { name: 'Schedule and notifications' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Update usage every').value).toBe('30'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Sign in every').value).toBe('24');
  });

  it('close an account form that was open, so nothing removed is saved back', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    fireEvent.click(screen.getByRole('link', { name: 'Your data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove all data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Remove all data' }));
    expect(await screen.findByRole('button', { name: 'Add account' })).toBeTruthy();
    expect(screen.queryByLabelText('API key')).toBeNull();
  });
});

describe('asking for host access', () => {
  it('says it is waiting while the browser asks, then saves', async () => {
    let answer!: (granted: boolean) => void;
    fakeBrowser.permissions.request = () => new Promise<boolean>((resolve) => (answer = resolve));
    await fillNewAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const waiting = await screen.findByText(
      'Waiting for you to allow access to https://api.infini-cloud.net…',
    );
    expect(waiting.closest('[role=status]')).not.toBeNull();
    answer(true);
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
  });

  it('in a test build, asks for a loopback server as usual', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    await fillNewAccount('http://127.0.0.1:8080');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    expect(requested).toEqual([['http://127.0.0.1/*']]);
  });

  it('offers access to a blocked node host in the list, for exactly that host, then checks the account now', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    await storeAccounts([account()]);
    await storeSnapshots({
      home: failing({ kind: 'permission-missing', origin: 'https://nanao.teracloud.jp' }),
    });
    render(<App />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Allow access to nanao.teracloud.jp' }),
    );
    await waitFor(() =>
      expect(messages).toEqual([{ type: 'checkNow', data: { accountId: 'home' } }]),
    );
    expect(requested).toEqual([['https://nanao.teracloud.jp/*']]);
  });
});

describe('what the form says', () => {
  it('says where each credential comes from, tied to its field', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const hint = (label: string) => {
      const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      return ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    };
    expect(hint('User ID')).toContain("use on the service's website");
    expect(hint('Apps password')).toContain(
      'create an apps password on your My Page and enable Apps Connection',
    );
    expect(hint('API key')).toContain(
      'Your own key: the service issues API keys to applications through its developer programme',
    );
  });

  it('says where each credential comes from in Japanese too', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'アカウントを追加' }));
    expect(screen.getByText('サービスのウェブサイトで使う ID です。')).toBeTruthy();
    expect(
      screen.getByText(/マイページでアプリパスワードを発行し、「外部アプリ接続」を有効に/),
    ).toBeTruthy();
    expect(
      screen.getByText(/API キーはサービスの開発者プログラムがアプリケーションに発行します/),
    ).toBeTruthy();
  });

  it('suggests the address form when a test finds the key refused in the header, not in the address, and switches in one click', async () => {
    report = { user: { ok: false, failure: { kind: 'api-key-rejected' } } };
    const hint = /try sending it as a parameter in the address/;
    await fillNewAccount();
    fireEvent.click(screen.getByRole('radio', { name: /Request header/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(hint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: /Parameter in the address/ }).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(messages.filter((m) => m.type === 'testConnection')).toHaveLength(2),
    );
    await screen.findByText(/The API key was rejected/);
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('lists a stored failure as text, and announces one that appears while the page is open', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    await storeSnapshots({ home: failing({ kind: 'credentials-rejected' }) });
    render(<App />);
    await screen.findByText(/apps password was rejected/);
    expect(screen.queryByRole('alert')).toBeNull();
    await storeSnapshots({
      home: failing({ kind: 'credentials-rejected' }),
      work: failing({ kind: 'network' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be reached');
  });
});

describe('options with damaged storage', () => {
  it('lists an account whose server address is not a URL, to edit or remove', async () => {
    await storeAccounts([account({ baseUrl: 'not a url' })]);
    render(<App />);
    const item = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    expect(item.textContent).toContain('yamada at not a url');
    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('not a url');
  });

  it('lists an account whose stored state comes from a newer version; it can still be removed, and so can everything', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    await storeSnapshots({ home: failing({ kind: 'from-a-newer-version' } as unknown as Failure) });
    render(<App />);
    const home = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    expect(
      screen.getByText('Work', { selector: 'li strong' }).closest('li')?.textContent,
    ).toContain('yamada at api.teracloud.jp');
    fireEvent.click(within(home).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(home).getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(async () => expect((await savedAccounts()).map((a) => a.id)).toEqual(['work']));
    fireEvent.click(screen.getByRole('link', { name: 'Your data' }));
    expect(await screen.findByRole('button', { name: 'Remove all data' })).toBeTruthy();
  });
});
