// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { revisionOf } from '@/lib/store/revision';
import { App } from '@/entrypoints/options/App';
import { onMessages } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import { loadAccounts } from '@/lib/store/reads';
import type { Failure } from '@/lib/service/failures';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../../helpers/harness';

const savedAccounts = async () => (await loadAccounts()).accounts;
const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });
const storeSnapshots = (snapshots: Record<string, unknown>) =>
  fakeBrowser.storage.local.set({ snapshots });
const failing = (failure: Failure) =>
  snapshot(40, { keepAlive: { lastAttemptAt: NOW, failure, consecutiveFailures: 1 } });

let messages: { type: string; data: unknown }[];
let stopMessages: () => void;
beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
  fakeBrowser.permissions.request = async () => true;
  messages = [];
  stopMessages = withChanges(
    onMessages({
      checkNow: async (data) => (messages.push({ type: 'checkNow', data }), {}),
      useAddressForm: async (data) => (messages.push({ type: 'useAddressForm', data }), {}),
      testConnection: async () => ({ user: { ok: false, failure: { kind: 'network' } } }),
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the setup walk-through (opened on install)', () => {
  it('walks through Apps Connection, the apps password and the API key, each linked to the service, then the form', async () => {
    openSettingsPage('setup');
    render(<App />);
    const steps = within(
      await screen.findByRole('region', { name: 'Set up Storage Keeper' }),
    ).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      '1. Enable Apps Connection',
      '2. Create an apps password',
      '3. API key',
      '4. Test connection, then save',
    ]);
    const links = (step: HTMLElement) =>
      within(step)
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href'));
    expect(links(steps[0]!)).toEqual(['https://infini-cloud.net/en/']);
    expect(links(steps[1]!)).toEqual(['https://infini-cloud.net/en/']);
    expect(steps[1]!.textContent).toContain('shown only once');
    expect(steps[1]!.textContent).toContain('stops the old one working');
    expect(steps[2]!.textContent).toContain('the key is your own');
    expect(links(steps[2]!)).toEqual(['https://infini-cloud.net/en/developer_auth.html']);
    // Step 4 asks for the key step 3 told the user to get; the intro counts the four steps.
    expect(steps[3]!.textContent).toContain('Enter your user ID, apps password and API key below');
    expect(screen.getByText(/Set it up in these four steps/)).toBeTruthy();
    // The form for the first account follows, with the key field a build without a key needs.
    expect(screen.getByRole('form', { name: 'Add account' })).toBeTruthy();
    expect(screen.getByLabelText('API key')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /application key/ })).toBeNull();
  });

  it('says only the apps password is needed when the build carries a key; the account saved names it, holding no key', async () => {
    vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
    openSettingsPage('setup');
    render(<App />);
    const guide = await screen.findByRole('region', { name: 'Set up Storage Keeper' });
    expect(guide.textContent).toContain('You need only your apps password');
    expect(guide.textContent).toContain('Enter your user ID and apps password below');
    expect(radio(/Storage Keeper's application key/).checked).toBe(true);
    expect(screen.queryByLabelText('API key', { selector: 'input' })).toBeNull();
    type('User ID', 'yamada');
    type('Apps password', 'pw');
    // A key typed for "my own key" and then unchosen is not kept either.
    fireEvent.click(radio(/My own key/));
    type('API key', 'typed-then-unchosen');
    fireEvent.click(radio(/Storage Keeper's application key/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await savedAccounts()).toHaveLength(1));
    expect((await savedAccounts())[0]).toMatchObject({
      userId: 'yamada',
      apiKey: '',
      keySource: 'app',
      keyForm: 'matrix',
    });
    expect(JSON.stringify(await fakeBrowser.storage.local.get())).not.toMatch(
      /the-build-key|typed-then-unchosen/,
    );
    expect(location.hash).toBe('#accounts');
    expect(await screen.findByText('yamada', { selector: 'li strong' })).toBeTruthy();
  });

  it('is in Japanese too', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    openSettingsPage('setup');
    render(<App />);
    const guide = await screen.findByRole('region', { name: 'Storage Keeper のセットアップ' });
    expect(guide.textContent).toContain('外部アプリ接続');
    expect(guide.textContent).toContain('キーはご自身で用意してください');
  });
});

describe('how a new account sends its key', () => {
  it('in the address on the preset servers, in the header on a custom one, until the user chooses', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    expect(radio(/Parameter in the address/).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'custom' } });
    expect(radio(/Request header/).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Server'), {
      target: { value: 'https://api.teracloud.jp' },
    });
    expect(radio(/Parameter in the address/).checked).toBe(true);
    fireEvent.click(radio(/Request header/));
    fireEvent.change(screen.getByLabelText('Server'), {
      target: { value: 'https://api.infini-cloud.net' },
    });
    expect(radio(/Request header/).checked).toBe(true);
  });

  it('a stored account keeps its choice when its server changes', async () => {
    await storeAccounts([account({ baseUrl: 'https://example.com' })]);
    openSettingsPage('accounts/edit/home');
    render(<App />);
    await screen.findByRole('form', { name: 'Edit Home' });
    fireEvent.change(screen.getByLabelText('Server'), {
      target: { value: 'https://api.teracloud.jp' },
    });
    expect(radio(/Request header/).checked).toBe(true);
  });
});

describe('the settings page in sections', () => {
  it('navigates by links that keep the place in the address, the current one marked', async () => {
    render(<App />);
    const nav = await screen.findByRole('navigation', { name: 'Sections of the settings page' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('Accounts').getAttribute('aria-current')).toBe('page');
    fireEvent.click(link('Schedule and notifications'));
    expect(
      await screen.findByRole('heading', { name: 'Schedule and notifications', level: 2 }),
    ).toBeTruthy();
    expect(location.hash).toBe('#settings');
    expect(link('Schedule and notifications').getAttribute('aria-current')).toBe('page');
    expect(link('Accounts').getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Accounts', level: 2 })).toBeNull();
    // A reload opens where the user was.
    cleanup();
    render(<App />);
    expect(await screen.findByLabelText('Sign in every')).toBeTruthy();
  });

  it('keeps the list in view while one account is edited, under a title that names it', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work', userId: 'work' })]);
    render(<App />);
    fireEvent.click(
      within((await screen.findByText('Work', { selector: 'li strong' })).closest('li')!).getByRole(
        'button',
        { name: 'Edit' },
      ),
    );
    const form = await screen.findByRole('form', { name: 'Edit Work' });
    expect(location.hash).toBe('#accounts/edit/work');
    expect(screen.getByText('Home', { selector: 'li strong' })).toBeTruthy();
    expect(screen.getByText('Work', { selector: 'li strong' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Add account' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("shows each account's last sign-in and when the next is due", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await storeAccounts([account(), account({ id: 'new', label: 'New', userId: 'new' })]);
    await storeSnapshots({ home: snapshot(40) });
    render(<App />);
    const entry = (name: string) =>
      screen
        .findByText(name, { selector: 'li strong' })
        .then((el) => el.closest('li')!.textContent);
    expect(await entry('Home')).toContain('Last sign-in 2 hours ago');
    expect(await entry('Home')).toContain('Next sign-in in 22 hours');
    expect(await entry('New')).toContain('No sign-in yet');
    expect(await entry('New')).toContain('Next sign-in shortly');
  });

  it('a sign-in dated a year ahead (a clock since set back) is due: "shortly", in English and Japanese', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const ahead = NOW + 365 * 24 * 3_600_000;
    await storeAccounts([account()]);
    await storeSnapshots({
      home: snapshot(40, {
        keepAlive: { lastAttemptAt: ahead, lastSuccessAt: ahead, consecutiveFailures: 0 },
      }),
    });
    const entry = async () =>
      (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!.textContent;
    render(<App />);
    expect(await entry()).toContain('Next sign-in shortly');
    cleanup();
    installFakeExtensionApis({ locale: 'ja' });
    render(<App />);
    expect(await entry()).toContain('次回のサインイン: まもなく');
  });

  it('a usage update failing for a moment: the next sign-in is the sign-in’s, not the update’s retry', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await storeAccounts([account()]);
    const refresh = {
      lastAttemptAt: NOW - 60_000,
      lastSuccessAt: NOW - 3_600_000,
      failingSince: NOW - 60_000,
      consecutiveFailures: 1,
      failure: { kind: 'network' as const },
      retryAt: NOW + 5 * 60_000,
    };
    await storeSnapshots({ home: snapshot(40, { refresh }) });
    render(<App />);
    const text = (await screen.findByText('Home', { selector: 'li strong' })).closest(
      'li',
    )!.textContent;
    expect(text).toContain('Next sign-in in 22 hours');
    expect(text).not.toContain('Next sign-in in 5 minutes');
  });

  it('an imported account without its password is paused, with no next sign-in promised', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await storeAccounts([account({ password: '' })]);
    await storeSnapshots({ home: snapshot(40) });
    render(<App />);
    const text = (await screen.findByText('Home', { selector: 'li strong' })).closest(
      'li',
    )!.textContent;
    expect(text).toContain('Paused until you update this account');
    expect(text).not.toContain('Next sign-in');
  });
});

describe('a refused key, fixed in one click', () => {
  it("Storage Keeper's key refused: says so, and opens the account's form with a key of its own", async () => {
    vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
    await storeAccounts([account({ apiKey: '', keySource: 'app', keyForm: 'matrix' })]);
    await storeSnapshots({ home: failing({ kind: 'api-key-rejected' }) });
    render(<App />);
    const notice = await screen.findByText(/The service refused Storage Keeper's application key/);
    fireEvent.click(
      within(notice.closest('li')!).getByRole('button', { name: 'Enter my own key' }),
    );
    const form = await screen.findByRole('form', { name: 'Edit Home' });
    expect(location.hash).toBe('#accounts/own-key/home');
    expect(radio(/My own key/).checked).toBe(true);
    fireEvent.input(within(form).getByLabelText('API key'), { target: { value: 'my-key' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await savedAccounts())[0]).toMatchObject({ apiKey: 'my-key', keySource: 'own' }),
    );
  });

  it('a key refused in the header: switches the stored account to the address form', async () => {
    await storeAccounts([account({ keyForm: 'header' })]);
    await storeSnapshots({ home: failing({ kind: 'api-key-rejected' }) });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the key in the address' }));
    await waitFor(() =>
      expect(messages).toEqual([
        {
          type: 'useAddressForm',
          data: { accountId: 'home', revision: revisionOf(account({ keyForm: 'header' })) },
        },
      ]),
    );
  });

  it('a key refused in the address has no switch to offer', async () => {
    await storeAccounts([account({ keyForm: 'matrix' })]);
    await storeSnapshots({ home: failing({ kind: 'api-key-rejected' }) });
    render(<App />);
    await screen.findByText(/The API key was rejected/);
    expect(screen.queryByRole('button', { name: 'Send the key in the address' })).toBeNull();
  });
});
