// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { onMessages } from '@/lib/extension/messages';
import { loadAccounts, loadSettings } from '@/lib/store/reads';
import { withChanges } from '../helpers/account-commands';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { account } from '../helpers/fixtures';
import { openSettingsPage, storeAccounts } from '../helpers/harness';
import { settingsItems } from '../../../testbed/browsers/stored-items';

// The settings form is made from what the user saw: untouched, it follows a change stored
// meanwhile (another tab's save); edited, its save is refused in one line with the stored
// values to compare, and either can be kept.

let stopMessages = () => {};
beforeEach(() => {
  openSettingsPage('settings');
  fakeBrowser.reset();
  installFakeExtensionApis();
  stopMessages = withChanges(
    onMessages({
      checkNow: async () => ({}),
      testConnection: () => new Promise(() => {}),
      useAddressForm: async () => ({}),
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Another tab saves the settings. */
const otherTabSaves = (usageUpdateMinutes: number) =>
  fakeBrowser.storage.local.set(settingsItems({ usageUpdateMinutes }));

describe('the settings form and another tab', () => {
  it('untouched: follows the other tab’s save', async () => {
    render(<App />);
    await screen.findByLabelText('Update usage every');
    await otherTabSaves(60);
    await waitFor(() => expect(field('Update usage every').value).toBe('60'));
  });

  it('edited: its save is refused with the stored values; keep mine saves it over them, use the stored values takes them', async () => {
    render(<App />);
    await screen.findByLabelText('Update usage every');
    fireEvent.input(field('“Nearly full” from'), { target: { value: '80' } });
    await otherTabSaves(60);
    // What the user typed stays.
    expect(field('“Nearly full” from').value).toBe('80');
    expect(field('Update usage every').value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toMatch(
      /^Not saved: this was changed elsewhere.*Update usage every 60 minutes/,
    );
    expect((await loadSettings()).usageUpdateMinutes).toBe(60);

    fireEvent.click(within(refusal).getByRole('button', { name: 'Use the stored values' }));
    expect(field('Update usage every').value).toBe('60');
    expect(field('“Nearly full” from').value).toBe('90');

    fireEvent.input(field('“Nearly full” from'), { target: { value: '80' } });
    await otherTabSaves(45);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const again = await screen.findByRole('alert');
    // Only the user's own change goes over what is stored now: the other tab's 45 stands.
    fireEvent.click(within(again).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () =>
      expect(await loadSettings()).toMatchObject({ warningPercent: 80, usageUpdateMinutes: 45 }),
    );
    expect(field('Update usage every').value).toBe('45');
  });
});

describe('an account’s form and another tab’s removal of it', () => {
  const removedElsewhere = () => fakeBrowser.storage.local.set({ accounts: [] });

  it('untouched: follows the removal back to the list', async () => {
    await storeAccounts([account()]);
    openSettingsPage('accounts/edit/home');
    render(<App />);
    await screen.findByLabelText('User ID');
    await removedElsewhere();
    await screen.findByRole('button', { name: 'Add account' });
    expect(screen.queryByLabelText('User ID')).toBeNull();
  });

  it('edited: stays with what was typed; its save says the account was removed meanwhile, and keep mine stores it again', async () => {
    await storeAccounts([account()]);
    openSettingsPage('accounts/edit/home');
    render(<App />);
    await screen.findByLabelText('User ID');
    fireEvent.input(field('Name (optional)'), { target: { value: 'Kept' } });
    await removedElsewhere();
    await waitFor(async () => expect((await loadAccounts()).accounts).toEqual([]));
    expect(field('Name (optional)').value).toBe('Kept');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toMatch(
      /^Not saved: this account was removed elsewhere after you opened it\./,
    );
    expect((await loadAccounts()).accounts).toEqual([]);
    fireEvent.click(within(refusal).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () =>
      expect((await loadAccounts()).accounts).toEqual([
        expect.objectContaining({ id: 'home', label: 'Kept' }),
      ]),
    );
  });
});
