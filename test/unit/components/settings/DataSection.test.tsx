// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DataSection } from '@/components/settings/DataSection';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { toldBackground } from '../../helpers/told-background';

// "Remove all data" in the Settings page's last section, drawn alone against a background that
// answers as it is told; the page's tests (test/unit/entrypoints/options/problems.test.tsx,
// scenarios/lost-answer.test.tsx) carry the removal out for real.

let told: ReturnType<typeof toldBackground> | undefined;
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  told?.stop();
});

function removeAllData(): { removed: number } {
  const calls = { removed: 0 };
  render(<DataSection onRemoved={() => calls.removed++} />);
  fireEvent.click(screen.getByRole('button', { name: 'Remove all data' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, Remove all data' }));
  return calls;
}

it('asks the background to remove everything, and leaves the section once it did', async () => {
  const { heard } = (told = toldBackground({ saved: true }));
  const calls = removeAllData();
  await waitFor(() => expect(calls.removed).toBe(1));
  expect(heard).toEqual([{ kind: 'remove-all' }]);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says why when the background did not remove it, and stays', async () => {
  told = toldBackground({ failed: 'disk full' });
  const calls = removeAllData();
  expect((await screen.findByRole('alert')).textContent).toBe(
    "Not saved: Storage Keeper's background could not store it (disk full). What you entered is still here; try again.",
  );
  expect(calls.removed).toBe(0);
});
