// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { accountIdentity } from '@/lib/store/accounts';
import { packPoints } from '@/lib/store/history';
import { dayOf } from '@/lib/basics/time';
import { account, GB, NOW } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { openSettingsPage, storeAccounts } from '../../helpers/harness';

// The Settings page loads what only one of its sections shows when that section is first opened
// (components/settings/parts.tsx). Here the export and import part cannot be loaded, as when the
// extension was updated under an open page.
vi.mock('@/components/settings/ExportImport', () => {
  throw new Error('the chunk is gone');
});

beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

it('draws a section whose part comes on demand whole at once; until then, the section shown before stays', async () => {
  await storeAccounts([account()]);
  await fakeBrowser.storage.local.set({
    history: {
      home: {
        identity: accountIdentity(account()),
        points: packPoints([[dayOf(NOW), GB, 2 * GB]]),
      },
    },
  });
  render(<App />);
  await screen.findByRole('button', { name: 'Add account' });
  // Every state the page is drawn in: the history's heading never without its chart, the accounts until then.
  const drawn: string[] = [];
  const observer = new MutationObserver(() => {
    const history = document.querySelector('#history-heading');
    const busy =
      document.querySelector('main.settings-page__main')?.getAttribute('aria-busy') === 'true'
        ? ' (busy)'
        : '';
    drawn.push(
      (!history
        ? document.querySelector('#accounts-heading')
          ? 'accounts'
          : 'other'
        : document.querySelector('figure')
          ? 'history'
          : 'history without its chart') + busy,
    );
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  const link = screen.getByRole('link', { name: 'Usage history' });
  link.focus();
  fireEvent.click(link);
  await screen.findByRole('heading', { name: 'Home', level: 3 });
  observer.disconnect();
  // While the part loads, the accounts stay and the page says it is busy; then the history, whole.
  expect(
    drawn.filter((state) => !['accounts', 'accounts (busy)', 'history'].includes(state)),
  ).toEqual([]);
  expect(drawn).toContain('accounts (busy)');
  expect(drawn.at(-1)).toBe('history');
  // The section that arrived takes the focus from the navigation, as one drawn at once does.
  expect(document.activeElement?.id).toBe('history-heading');
});

it('a part that cannot be loaded is a named state in its section; the rest of the page works', async () => {
  await storeAccounts([account()]);
  openSettingsPage('transfer');
  render(<App />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'This part of the Settings page could not be loaded. Reload the page; if it keeps failing, reload the extension.',
  );
  expect(screen.getByRole('heading', { name: 'Export and import', level: 2 })).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'Accounts' }));
  expect(await screen.findByRole('button', { name: 'Add account' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
