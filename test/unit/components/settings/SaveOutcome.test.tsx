// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ChangeFailure, SaveOutcome, type Unsaved } from '@/components/settings/SaveOutcome';
import type { Account } from '@/lib/store/accounts';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// Why a save was not made, drawn alone; the forms' tests (AccountForm.test.tsx,
// SettingsForm.test.tsx) reach it through a save the background refused.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

it('names each reason a change was not made as what it was', () => {
  const said = (outcome: Parameters<typeof ChangeFailure>[0]['outcome']) => {
    const { container, unmount } = render(<ChangeFailure outcome={outcome} />);
    const text = container.textContent;
    unmount();
    return text;
  };
  expect(said({ kind: 'refused', reason: 'newer-version' })).toMatch(/^Not saved: the stored data/);
  expect(said({ kind: 'failed', message: 'disk full' })).toMatch(
    /could not store it \(disk full\)/,
  );
  expect(said({ kind: 'no-answer', seconds: 30 })).toMatch(/background did not answer/);
});

/** The outcome drawn with handlers that record what they were handed. */
function drawn(outcome: Unsaved<Account>) {
  const handed: { kept: (Account | null)[]; taken: (Account | null)[] } = { kept: [], taken: [] };
  render(
    <SaveOutcome
      outcome={outcome}
      shown={(words, stored) => words.accountDifferences(stored, account())}
      onKeepMine={(stored) => () => handed.kept.push(stored)}
      onTakeTheirs={(stored) => handed.taken.push(stored)}
    />,
  );
  return handed;
}

it('a newer change stored meanwhile: says what it changed once its words are loaded, and offers both', async () => {
  const newer = account({ label: 'Photos' });
  const handed = drawn({ kind: 'newer', stored: newer });
  expect((await screen.findByRole('alert')).textContent).toContain(
    'Not saved: this was changed elsewhere after you opened it. Stored now: Name (optional): Photos.',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
  fireEvent.click(screen.getByRole('button', { name: 'Use the stored values' }));
  expect(handed).toEqual({ kept: [newer], taken: [newer] });
});

it('removed meanwhile: says so at once, and hands on that nothing is stored', () => {
  const handed = drawn({ kind: 'newer', stored: null });
  expect(screen.getByRole('alert').textContent).toContain(
    'Not saved: this account was removed elsewhere after you opened it.',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Use the stored values' }));
  expect(handed.taken).toEqual([null]);
});
