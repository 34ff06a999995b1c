// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { onMessages } from '@/lib/extension/messages';
import { loadAccounts } from '@/lib/store/reads';
import { storingAccountCommands } from '../helpers/account-commands';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { openSettingsPage } from '../helpers/harness';

// The page says what is true: when the background's answer to a save is lost, the page reads
// what is stored and says whether the change was made; a stored save is followed by its Check
// now whatever became of the answer; the background's own error is named as such.

const never = () => new Promise<never>(() => {});
let stopMessages = () => {};
let checked: unknown[];

function background(saveAccount: Parameters<typeof onMessages>[0]['saveAccount']) {
  stopMessages = onMessages({
    ...storingAccountCommands,
    saveAccount,
    checkNow: async (data) => (checked.push(data), {}),
    testConnection: never,
    useAddressForm: never,
  });
}

beforeEach(() => {
  openSettingsPage('accounts/add');
  fakeBrowser.reset();
  installFakeExtensionApis();
  checked = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.useRealTimers();
});

async function saveNewAccount() {
  render(<App />);
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  await screen.findByLabelText('User ID');
  type('User ID', 'yamada');
  type('Apps password', 'pw');
  type('API key', 'key-1');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('a save whose answer is lost', () => {
  it('stored all the same: the page reads storage, says nothing failed, and the Check now follows', async () => {
    background(async (data) => {
      await storingAccountCommands.saveAccount(data);
      return never();
    });
    await saveNewAccount();
    await waitFor(async () => expect((await loadAccounts()).accounts).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(30_000);
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(checked).toEqual([{ accountId: (checked[0] as { accountId: string }).accountId }]),
    );
  });

  it('stored, then the channel closed before the answer (the worker stopped): the page reads storage, says nothing failed, and the Check now follows', async () => {
    background(async (data) => {
      await storingAccountCommands.saveAccount(data);
      // What the page's sendMessage rejects with when the worker stops before it answers.
      throw new Error(
        'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
      );
    });
    await saveNewAccount();
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await loadAccounts()).accounts).toHaveLength(1);
    await waitFor(() => expect(checked).toHaveLength(1));
  });

  it("not stored, the channel closed: the page says the background did not answer, not the browser's words", async () => {
    background(async () => {
      throw new Error('No response');
    });
    await saveNewAccount();
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Not saved: Storage Keeper's background did not answer. What you entered is still here; try again.",
    );
    expect(checked).toEqual([]);
  });

  it('not stored: the page says it was not saved and keeps what was typed; no Check now', async () => {
    background(never);
    await saveNewAccount();
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Not saved: Storage Keeper's background did not answer. What you entered is still here; try again.",
    );
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('yamada');
    expect(checked).toEqual([]);
  });
});
