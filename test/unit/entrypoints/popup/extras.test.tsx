// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { storeAccounts } from '../../helpers/harness';

// What only some popup states show (a failure, damaged storage, the first run) is loaded on
// demand, before the popup shows such a state: it is drawn whole at once, never a card first and
// its failure a moment later. Each test opens a fresh popup module, its extras not loaded yet.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  vi.resetModules();
});
afterEach(cleanup);

async function openPopup() {
  const { App } = await import('@/entrypoints/popup/App');
  const { container } = render(<App now={() => NOW} />);
  // The first state shown: the popup is no longer busy reading storage.
  await waitFor(() => expect(container.querySelector('main:not([aria-busy])')).not.toBeNull());
  return container;
}

describe('the popup extras', () => {
  it('draw a failing card with its notice in the same render', async () => {
    await storeAccounts([account()]);
    const failing = {
      consecutiveFailures: 1,
      failure: { kind: 'credentials-rejected' as const },
      lastAttemptAt: NOW,
      failingSince: NOW - 60_000,
    };
    await fakeBrowser.storage.local.set({
      snapshots: { home: snapshot(44, { keepAlive: failing }) },
    });
    await openPopup();
    const card = screen.getByRole('article', { name: 'Home' });
    expect(within(card).getByText(/apps password was rejected/)).toBeTruthy();
  });

  it('draw a damaged entry with the list', async () => {
    await storeAccounts([account(), { id: 'broken', label: 'Broken' }]);
    await fakeBrowser.storage.local.set({ snapshots: { home: snapshot(44) } });
    await openPopup();
    expect(screen.getByText('Broken')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Home' })).toBeTruthy();
  });

  it('draw the welcome of the first run', async () => {
    await openPopup();
    expect(screen.getByRole('button', { name: 'Set up an account' })).toBeTruthy();
  });
});
