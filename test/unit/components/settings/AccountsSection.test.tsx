// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountsSection } from '@/components/settings/AccountsSection';
import { onChanges } from '@/lib/extension/change-port';
import type { Place } from '@/lib/pages/place';
import type { Account } from '@/lib/store/accounts';
import type { Change } from '@/lib/store/changes';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// The Settings page's accounts section drawn alone, against a background that answers each
// change as it is told; the page's tests (test/unit/entrypoints/options/) carry changes out.

let stopBackground = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  stopBackground();
});

/** A background that answers the changes it hears with `answers`, in turn; returns what it heard. */
function background(...answers: unknown[]): Change[] {
  const heard: Change[] = [];
  stopBackground = onChanges(() => ({
    carryOut: (change) => (heard.push(change), Promise.resolve(answers[heard.length - 1])),
    close: () => {},
  }));
  return heard;
}

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
  const heard = background({ refused: 'newer-version' }, { saved: true });
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
