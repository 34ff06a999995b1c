// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountsSection } from '@/components/settings/AccountsSection';
import type { Place } from '@/lib/pages/place';
import type { Account } from '@/lib/store/accounts';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { toldBackground } from '../../helpers/told-background';

// The Settings page's accounts section drawn alone, against a background that answers each
// change as it is told; the page's tests (test/unit/entrypoints/options/) carry changes out.

let told: ReturnType<typeof toldBackground> | undefined;
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  told?.stop();
});

function section(accounts: Account[], place: Place = { section: 'accounts' }) {
  const props = {
    damaged: [],
    snapshots: {},
    settings: DEFAULT_SETTINGS,
    goTo: () => {},
    now: () => NOW,
  };
  const drawn = render(<AccountsSection {...props} accounts={accounts} place={place} />);
  const redraw = (next: Account[], at: Place = place) =>
    drawn.rerender(<AccountsSection {...props} accounts={next} place={at} />);
  return { redraw };
}

const yes = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Yes, Remove' });

it('says why a removal was not made, until the next one is', async () => {
  const { heard } = (told = toldBackground({ refused: 'newer-version' }, { saved: true }));
  section([account()]);
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  fireEvent.click(yes());
  expect((await screen.findByRole('alert')).textContent).toMatch(/^Not saved: the stored data/);
  // Still asking, as the removal was not made: asked again.
  await waitFor(() => expect(yes().disabled).toBe(false));
  fireEvent.click(yes());
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(heard).toEqual([
    { kind: 'remove-account', accountId: 'home' },
    { kind: 'remove-account', accountId: 'home' },
  ]);
});

it('keeps an edit form open on what was typed when its account is removed meanwhile', () => {
  const edit: Place = { section: 'accounts', form: 'edit', accountId: 'home' };
  const { redraw } = section([account()], edit);
  const userId = screen.getByLabelText<HTMLInputElement>('User ID');
  fireEvent.input(userId, { target: { value: 'sato' } });
  redraw([]);
  expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('sato');
});
