// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { revisionOf } from '@/lib/store/revision';
import { AllowAccessButton } from '@/components/common/AllowAccessButton';
import { FailureNotice } from '@/components/common/FailureNotice';
import { CheckNowButton } from '@/components/popup/CheckNowButton';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { App as Options } from '@/entrypoints/options/App';
import { onMessages } from '@/lib/extension/messages';
import { onChanges } from '@/lib/extension/change-port';
import { withChanges } from '../helpers/account-commands';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../helpers/harness';

// Issue 17, item 7: every action that can fail says so, specifically, where it was clicked.

let stopMessages = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.restoreAllMocks();
});

/** The background answers checkNow by failing (it stopped, or threw). */
const backgroundFails = () => {
  stopMessages = withChanges(
    onMessages({
      checkNow: () => Promise.reject(new Error('worker gone')),
      testConnection: () => Promise.reject(new Error('not sent here')),
      useAddressForm: () => Promise.reject(new Error('not sent here')),
    }),
  );
};

/** The background answers every change of the stored data with `answer`. */
const everyChangeAnswered = (answer: unknown) =>
  onChanges(() => ({ carryOut: async () => answer, close: () => {} }));

describe('an action that fails says so', () => {
  it('"Check now" whose message fails', async () => {
    backgroundFails();
    render(<CheckNowButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The check could not be started: the extension's background did not answer. Try again; if it keeps failing, reload the extension.",
    );
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
  });

  it('"Allow access" granted, then a check that cannot start', async () => {
    backgroundFails();
    fakeBrowser.permissions.request = async () => true;
    render(<AllowAccessButton origin="https://nanao.teracloud.jp" accountId="home" />);
    fireEvent.click(screen.getByRole('button', { name: 'Allow access to nanao.teracloud.jp' }));
    // The Settings page's list has no "Check now": the words point to what happens anyway.
    expect(
      await screen.findByText(
        /^Access to nanao.teracloud.jp was allowed, but the check could not be started: the extension's background did not answer. Storage Keeper checks the account at its next scheduled sign-in/,
      ),
    ).toBeTruthy();
  });

  it('"Send the key in the address" whose message fails', async () => {
    backgroundFails();
    render(
      <FailureNotice
        failure={{ kind: 'api-key-rejected' }}
        accountId="home"
        revision={revisionOf(account())}
        keyForm="header"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
    const said = await screen.findByText(
      /^The account was not switched to sending the key in the address: the extension's background did not answer/,
    );
    expect(said.getAttribute('role')).toBe('alert');
  });

  it.each([
    [
      { refused: 'newer-version' as const },
      'Not saved: the stored data comes from a newer version of Storage Keeper or is damaged (see above).',
    ],
    [
      { failed: 'QUOTA_BYTES' },
      "Not saved: Storage Keeper's background could not store it (QUOTA_BYTES). What you entered is still here; try again.",
    ],
  ])('a removal the background does not carry out (%o)', async (answer, said) => {
    await storeAccounts([account()]);
    stopMessages = everyChangeAnswered(answer);
    render(<Options />);
    const home = (await screen.findByText('Home', { selector: 'li strong' })).closest('li')!;
    fireEvent.click(within(home).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(home).getByRole('button', { name: 'Yes, Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(said);
  });

  it('settings that cannot be saved over a newer version’s', async () => {
    stopMessages = everyChangeAnswered({ refused: 'newer-version' });
    render(<SettingsForm settings={DEFAULT_SETTINGS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not saved: the stored data comes from a newer version of Storage Keeper or is damaged (see above).',
    );
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('an export names the damaged entries it left out', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await storeAccounts([account(), { id: 'old', label: 'Old laptop', userId: 42 }]);
    openSettingsPage('transfer');
    render(<Options />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export accounts and settings' }));
    const said = await screen.findByText(/^Left out of the file/);
    expect(said.textContent).toBe(
      'Left out of the file, because their stored data is damaged: Old laptop.',
    );
    expect(
      within(said.parentElement!).getByRole('button', { name: 'Export accounts and settings' }),
    ).toBeTruthy();
  });
});
