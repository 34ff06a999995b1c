// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { changeSession } from '@/lib/background/changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { onMessages } from '@/lib/extension/messages';
import type { Change } from '@/lib/store/changes';
import { loadAccounts } from '@/lib/store/reads';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { account } from '../helpers/fixtures';
import { openSettingsPage, storeAccounts } from '../helpers/harness';

// The page says what is true: when the background's answer to a change is lost, the page reads
// what is stored and says whether the change was made (every stored key, for "Remove all data");
// the background's own error is named as such. A stored account is checked by the background
// itself: the page sends no Check now of its own.

const never = () => new Promise<never>(() => {});
let stopMessages = () => {};
let checked: unknown[];

type Port = Parameters<Parameters<typeof fakeBrowser.runtime.onConnect.addListener>[0]>[0];

/**
 * A background that carries out each change (`store`), then never answers it, or stops (its
 * ports close); `after` runs between the write and the loss (a check writing after a clear).
 */
function background(store: boolean, lost: 'never' | 'stops', after = async () => {}) {
  const inFlight = new ChecksInFlight();
  const listener = (port: Port) =>
    port.onMessage.addListener(async (message: unknown) => {
      const { change } = message as { change: Change };
      if (store) await changeSession(inFlight, undefined, () => {}).carryOut(change);
      await after();
      if (lost === 'stops') port.disconnect();
    });
  fakeBrowser.runtime.onConnect.addListener(listener);
  const stopCommands = onMessages({
    checkNow: async (data) => (checked.push(data), {}),
    testConnection: never,
    useAddressForm: never,
  });
  stopMessages = () => {
    fakeBrowser.runtime.onConnect.removeListener(listener);
    stopCommands();
  };
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

const NO_ANSWER =
  "Not saved: Storage Keeper's background did not answer. What you entered is still here; try again.";

describe('a save whose answer is lost', () => {
  it('stored all the same: the page reads storage and says nothing failed', async () => {
    background(true, 'never');
    await saveNewAccount();
    await vi.waitFor(async () => expect((await loadAccounts()).accounts).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(30_000);
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(checked).toEqual([]);
  });

  it('stored, then the worker stopped before the answer: the page reads storage and says nothing failed', async () => {
    background(true, 'stops');
    await saveNewAccount();
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await loadAccounts()).accounts).toHaveLength(1);
  });

  it('not stored, the worker stopped: the page says the background did not answer', async () => {
    background(false, 'stops');
    await saveNewAccount();
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ANSWER);
    expect(checked).toEqual([]);
  });

  it('not stored: the page says it was not saved and keeps what was typed', async () => {
    background(false, 'never');
    await saveNewAccount();
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ANSWER);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('yamada');
    expect(checked).toEqual([]);
  });
});

describe('"Remove all data" whose answer is lost', () => {
  async function removeAllData() {
    await storeAccounts([account()]);
    openSettingsPage('data');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove all data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Remove all data' }));
  }

  it('everything cleared: the page says nothing failed and goes to the accounts', async () => {
    background(true, 'stops');
    await removeAllData();
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the accounts gone but another key still stored: the page reads every key and says it was not done', async () => {
    // What a check under way would leave behind after the clear, if it wrote.
    background(true, 'stops', () =>
      fakeBrowser.storage.local.set({ activity: { home: { entries: [] } } }),
    );
    await removeAllData();
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ANSWER);
    expect((await loadAccounts()).accounts).toEqual([]);
  });
});
