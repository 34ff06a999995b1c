// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadAccounts } from '@/lib/store/reads';
import { App as Options } from '@/entrypoints/options/App';
import { App as Popup } from '@/entrypoints/popup/App';
import { onMessages } from '@/lib/extension/messages';
import { withChanges } from '../helpers/account-commands';
import { accountIdentity } from '@/lib/store/accounts';
import { account, NOW, snapshot } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { storeAccounts } from '../helpers/harness';

// Issue 17, items 9 to 11: the options list reads snapshots through the identity guard; saving
// what the service never sees sends nothing; with several accounts each card opens its details;
// a damaged entry in the popup leads to it.

let messages: unknown[];
let stopMessages = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  messages = [];
  stopMessages = withChanges(
    onMessages({
      checkNow: async (data) => (messages.push(data), {}),
      testConnection: () => Promise.reject(new Error('not sent here')),
      useAddressForm: () => Promise.reject(new Error('not sent here')),
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
});

describe('the options list', () => {
  it("shows no failure of the account's former user ID (the check of the corrected one still under way)", async () => {
    const before = account({ userId: 'yamda' });
    await storeAccounts([account()]);
    const rejected = snapshot(44, {
      identity: accountIdentity(before),
      keepAlive: {
        consecutiveFailures: 1,
        failure: { kind: 'credentials-rejected' },
        lastAttemptAt: Date.now(),
      },
    });
    await fakeBrowser.storage.local.set({ snapshots: { home: rejected } });
    render(<Options />);
    const item = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    expect(item.textContent).not.toContain('rejected');
  });
});

describe('saving', () => {
  async function edit(change: (form: HTMLElement) => void) {
    await storeAccounts([account()]);
    render(<Options />);
    const item = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    change(document.querySelector('form.account-form')!);
    fakeBrowser.permissions.request = async () => true;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Add account' });
  }

  it('only a new name or notification switch sends nothing to the service', async () => {
    await edit(() => {
      fireEvent.input(screen.getByLabelText('Name (optional)'), { target: { value: 'Home NAS' } });
      fireEvent.click(screen.getByLabelText('Notifications for this account'));
    });
    await screen.findByText('Home NAS', { selector: 'li strong' });
    expect(messages).toEqual([]);
  });

  it('a new password is stored, and the page sends no Check now of its own (the background checks it)', async () => {
    await edit(() =>
      fireEvent.input(screen.getByLabelText('Apps password'), { target: { value: 'new-pw' } }),
    );
    expect((await loadAccounts()).accounts[0]).toMatchObject({ password: 'new-pw' });
    expect(messages).toEqual([]);
  });
});

describe('several accounts', () => {
  it('each card opens its details with a real button that says whether it is open', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    await fakeBrowser.storage.local.set({ snapshots: { home: snapshot(44), work: snapshot(20) } });
    render(<Popup now={() => NOW} />);
    const home = await screen.findByRole('article', { name: 'Home' });
    const toggle = within(home).getByRole('button', { name: 'Details', expanded: false });
    expect(within(home).queryByText('WebDAV URL')).toBeNull();
    fireEvent.click(toggle);
    expect(within(home).getByRole('button', { name: 'Details', expanded: true })).toBe(toggle);
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    for (const label of ['WebDAV URL', 'Node server', 'Introducer code', 'Contract capacity'])
      expect(within(details).getByText(label)).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Work' })).queryByText('WebDAV URL'),
    ).toBeNull();
  });

  it('a damaged entry offers to open the Settings page at that entry', async () => {
    const opened: string[] = [];
    fakeBrowser.tabs.create = async ({ url }) => (opened.push(url!), {} as never);
    await storeAccounts([account(), { id: 'old', label: 'Old laptop', userId: 42 }]);
    render(<Popup now={() => NOW} />);
    const entry = (await screen.findByText('Old laptop')).closest('.damaged') as HTMLElement;
    fireEvent.click(within(entry).getByRole('button', { name: 'Open settings' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    const hash = new URL(opened[0]!).hash;
    expect(opened[0]).toMatch(/\/options\.html#damaged-/);
    cleanup();
    // The Settings page, opened there, puts that entry in view and focus.
    window.location.hash = hash;
    render(<Options />);
    await waitFor(() => expect(document.activeElement?.id).toBe(hash.slice(1)));
    expect(document.activeElement?.textContent).toContain('Old laptop');
    window.location.hash = '';
  });
});
