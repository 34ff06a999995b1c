// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { App as Options } from '@/entrypoints/options/App';
import { onChanges } from '@/lib/extension/change-port';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../helpers/harness';

// Issue 17, item 7: every action that can fail says so, specifically, where it was clicked. A
// button's own failures are in its component's tests (test/unit/components/: CheckNowButton,
// AllowAccessButton, CopyButton, FailureNotice-key-in-address); here, the Settings page's.

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

/** The background answers every change of the stored data with `answer`. */
const everyChangeAnswered = (answer: unknown) =>
  onChanges(() => ({ carryOut: async () => answer, close: () => {} }));

describe('an action that fails says so', () => {
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
