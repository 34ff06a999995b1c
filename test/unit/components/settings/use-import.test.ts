// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { previewOf, useImport, type ImportStatus } from '@/components/settings/use-import';
import { parseExportFile } from '@/lib/input/export-file';
import { loadAccounts } from '@/lib/store/reads';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { gatedChanges } from '../../helpers/gated-changes';
import { toldBackground } from '../../helpers/told-background';

// An import as the hook makes it (ExportImport.test.tsx drives it through the page): what
// its preview showed, sent once, and the status each answer leaves.

let stopBackground = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  stopBackground();
});

/** The preview of a file with one new account, over nothing stored. */
function newAccountPreview() {
  const text = JSON.stringify({
    format: 'storage-keeper-settings',
    version: 1,
    accounts: [{ baseUrl: 'https://api.infini-cloud.net', userId: 'new-user', label: 'New' }],
  });
  const parsed = parseExportFile(text, DEFAULT_SETTINGS);
  if (!parsed.ok) throw new Error(`the file does not parse: ${parsed.error}`);
  return previewOf(parsed.file, [], DEFAULT_SETTINGS);
}

/** The hook, with every status it was set to. */
function renderImport() {
  const statuses: ImportStatus[] = [];
  const hook = renderHook(() => useImport((status) => statuses.push(status)));
  // Not awaited: a second click lands while the first import is on its way.
  const click = (preview: ReturnType<typeof newAccountPreview>) =>
    void act(() => void hook.result.current.apply(preview));
  return { hook, statuses, click };
}

it('sends what the preview showed once, however often Import is clicked on its way, and says what it did', async () => {
  const background = gatedChanges();
  stopBackground = background.stop;
  const preview = newAccountPreview();
  const { hook, statuses, click } = renderImport();
  click(preview);
  click(preview);
  await waitFor(() => expect(background.held()).toBe(1));
  expect(hook.result.current.importing).toBe(true);
  background.open();
  await waitFor(() => expect(hook.result.current.importing).toBe(false));
  expect(background.sent).toEqual([
    { kind: 'import', file: preview.file, previewed: preview.previewed },
  ]);
  expect(statuses).toEqual([{ kind: 'done', added: 1, updated: 0 }]);
  expect((await loadAccounts()).accounts).toHaveLength(1);
});

it('refused as what is stored changed since the preview: the fresh plan is shown, marked out of date', async () => {
  const preview = newAccountPreview();
  const fresh = previewOf(preview.file, [account()], DEFAULT_SETTINGS);
  stopBackground = toldBackground({
    newer: { plan: fresh.plan, previewed: fresh.previewed },
  }).stop;
  const { hook, statuses, click } = renderImport();
  click(preview);
  await waitFor(() => expect(hook.result.current.importing).toBe(false));
  expect(statuses).toEqual([{ ...fresh, outdated: true }]);
});

it('not made: says why, and a later Import is sent again', async () => {
  const background = toldBackground({ refused: 'newer-version' }, { failed: 'QUOTA_BYTES' });
  stopBackground = background.stop;
  const preview = newAccountPreview();
  const { hook, statuses, click } = renderImport();
  click(preview);
  await waitFor(() => expect(statuses).toHaveLength(1));
  await waitFor(() => expect(hook.result.current.importing).toBe(false));
  click(preview);
  await waitFor(() => expect(statuses).toHaveLength(2));
  expect(statuses).toEqual([
    { kind: 'not-imported', outcome: { kind: 'refused', reason: 'newer-version' } },
    { kind: 'not-imported', outcome: { kind: 'failed', message: 'QUOTA_BYTES' } },
  ]);
  expect(background.heard).toHaveLength(2);
});
