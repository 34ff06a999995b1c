// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { loadSettings } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { gatedChanges } from '../../helpers/gated-changes';
import { settingsItems } from '../../../../testbed/browsers/stored-items';

// The settings form sends the valid fields the user changed over the stored settings it was
// made from, one save at a time; "Saved." only beside what is stored.

let background: ReturnType<typeof gatedChanges>;
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  background = gatedChanges();
});
afterEach(() => {
  cleanup();
  background.stop();
});

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
const status = () => screen.getByRole('status').textContent;

it('a second save while the first is on its way goes out over what the first stored: both stand, none refused', async () => {
  render(<SettingsForm settings={DEFAULT_SETTINGS} />);
  type('Update usage every', '60');
  save();
  await waitFor(() => expect(background.held()).toBe(1));
  expect(status()).toBe('Saving…');
  type('“Nearly full” from', '80');
  save();
  background.open();
  await waitFor(() => expect(status()).toBe('Saved.'));
  expect(await loadSettings()).toMatchObject({ usageUpdateMinutes: 60, warningPercent: 80 });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(background.sent).toEqual([
    {
      kind: 'edit-settings',
      fields: { usageUpdateMinutes: 60 },
      revision: revisionOf(DEFAULT_SETTINGS),
    },
    {
      kind: 'edit-settings',
      fields: { warningPercent: 80 },
      revision: revisionOf({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 }),
    },
  ]);
});

it('the storage changes of its own saves, heard after their answers, neither undo what is shown nor take "Saved." away', async () => {
  const { rerender } = render(<SettingsForm settings={DEFAULT_SETTINGS} />);
  type('Update usage every', '60');
  save();
  await waitFor(() => expect(background.held()).toBe(1));
  type('“Nearly full” from', '80');
  save();
  background.open();
  await waitFor(() => expect(status()).toBe('Saved.'));
  // The page hears the first save's storage change only now, then the second's.
  const first = { ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 };
  rerender(<SettingsForm settings={first} />);
  expect(screen.getByLabelText<HTMLInputElement>('“Nearly full” from').value).toBe('80');
  expect(status()).toBe('Saved.');
  rerender(<SettingsForm settings={{ ...first, warningPercent: 80 }} />);
  expect(screen.getByLabelText<HTMLInputElement>('“Nearly full” from').value).toBe('80');
  expect(status()).toBe('Saved.');
  // Once storage has caught up, a change made elsewhere back to the first is followed.
  rerender(<SettingsForm settings={first} />);
  await waitFor(() =>
    expect(screen.getByLabelText<HTMLInputElement>('“Nearly full” from').value).toBe('90'),
  );
});

describe('refused as another tab saved the settings since', () => {
  const other = { ...DEFAULT_SETTINGS, signInHours: 12, usageUpdateMinutes: 45 };

  it('names each setting the other tab changed, with its stored value; Keep mine sends only the valid fields the user changed', async () => {
    render(<SettingsForm settings={DEFAULT_SETTINGS} />);
    type('“Nearly full” from', '80');
    type('Sign in every', '9999');
    await fakeBrowser.storage.local.set(settingsItems(other));
    background.open();
    save();
    const refusal = await screen.findByText(/^Not saved: this was changed elsewhere/);
    expect(refusal.textContent).toContain(
      'Stored now: Sign in every 12 hours, Update usage every 45 minutes.',
    );
    fireEvent.click(within(refusal).getByRole('button', { name: 'Keep mine' }));
    await waitFor(async () =>
      expect(await loadSettings()).toEqual({ ...other, warningPercent: 80 }),
    );
    expect(background.sent.at(-1)).toEqual({
      kind: 'edit-settings',
      fields: { warningPercent: 80 },
      revision: revisionOf(other),
    });
    // The field left invalid keeps what was typed and says why; nothing says "Saved.".
    await waitFor(() => expect(screen.queryByText(/^Not saved/)).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Sign in every').value).toBe('9999');
    expect(screen.getByLabelText<HTMLInputElement>('Update usage every').value).toBe('45');
    expect(status()).toBe('');
  });
});
