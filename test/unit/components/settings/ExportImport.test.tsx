// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ExportImport } from '@/components/settings/ExportImport';
import { loadAccounts } from '@/lib/store/reads';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { account } from '../../helpers/fixtures';
import { gatedChanges } from '../../helpers/gated-changes';
import { storeAccounts } from '../../helpers/harness';

// An import sends its file with the basis of what its preview showed, once: the background
// refuses it, with a fresh plan, when what is stored changed since the preview.

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

/** Chooses an export file with these accounts, as the browser's file picker would. */
function chooseFile(accounts: unknown[]) {
  const text = JSON.stringify({ format: 'storage-keeper-settings', version: 1, accounts });
  const input = screen.getByLabelText<HTMLInputElement>('Import accounts and settings from a file');
  Object.defineProperty(input, 'files', {
    configurable: true,
    value: [new File([text], 'settings.json', { type: 'application/json' })],
  });
  fireEvent.change(input);
}

const importButton = async () =>
  within(
    await screen.findByRole('region', { name: 'What this import will do' }),
  ).getByRole<HTMLButtonElement>('button', { name: 'Import' });

it('a double click on Import imports once', async () => {
  render(<ExportImport accounts={[]} settings={DEFAULT_SETTINGS} />);
  chooseFile([{ baseUrl: 'https://api.infini-cloud.net', userId: 'new-user', label: 'New' }]);
  const button = await importButton();
  // Both in one task, before the page is drawn again (and the button disabled).
  button.click();
  button.click();
  await waitFor(() => expect(background.held()).toBe(1));
  expect(button.disabled).toBe(true);
  background.open();
  expect((await screen.findByText(/^Imported/)).textContent).toBe(
    'Imported: 1 added, 0 updated. Nothing was removed.',
  );
  expect(background.sent).toHaveLength(1);
  expect((await loadAccounts()).accounts).toHaveLength(1);
});

it('a preview out of date: nothing is imported, the fresh preview is shown, and its Import imports it', async () => {
  await storeAccounts([account()]);
  render(<ExportImport accounts={[account()]} settings={DEFAULT_SETTINGS} />);
  chooseFile([
    { baseUrl: 'https://api.teracloud.jp', userId: 'yamada', label: 'From the file' },
    { baseUrl: 'https://api.infini-cloud.net', userId: 'new-user', label: 'New' },
  ]);
  const button = await importButton();
  // Another tab adds the file's second account after the preview.
  const other = account({
    id: 'other',
    baseUrl: 'https://api.infini-cloud.net',
    userId: 'new-user',
  });
  await storeAccounts([account(), other]);
  background.open();
  fireEvent.click(button);
  const said = await screen.findByRole('alert');
  expect(said.textContent).toBe(
    'Nothing was imported: what is stored changed after the preview. Here is what the import would do now.',
  );
  expect((await loadAccounts()).accounts).toEqual([account(), other]);
  const preview = screen.getByRole('region', { name: 'What this import will do' });
  const group = (heading: string) =>
    within(preview).getByRole('heading', { name: heading }).nextElementSibling!.textContent;
  expect(group('Added')).toBe('None.');
  expect(group('Updated (same server and user ID)')).toContain('From the file');
  expect(group('Updated (same server and user ID)')).toContain('New new-user');

  fireEvent.click(within(preview).getByRole('button', { name: 'Import' }));
  expect((await screen.findByText(/^Imported/)).textContent).toBe(
    'Imported: 0 added, 2 updated. Nothing was removed.',
  );
  expect((await loadAccounts()).accounts.map((a) => a.label)).toEqual(['From the file', 'New']);
});
