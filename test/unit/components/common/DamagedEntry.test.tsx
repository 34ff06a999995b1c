// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { damagedAnchor, DamagedEntry, StorageProblems } from '@/components/common/DamagedEntry';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { openSettingsPage } from '../../helpers/harness';

// A stored entry that cannot be read, and stored data this version may not change, as both pages
// show them (the pages' tests of damaged storage read them from what is stored).

beforeEach(() => {
  openSettingsPage();
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

const unnamed = { key: '{"label":7}' };
const named = { key: '{"label":"Photos"}', name: 'Photos' };

it('places each entry at an address made from its stored text, the same wherever it is read', () => {
  expect(damagedAnchor(unnamed)).toMatch(/^damaged-[0-9a-z]+$/);
  expect(damagedAnchor({ ...unnamed })).toBe(damagedAnchor(unnamed));
  expect(damagedAnchor(named)).not.toBe(damagedAnchor(unnamed));
  // Told apart by what they hold, not only by their length.
  expect(damagedAnchor({ key: '{"label":8}' })).not.toBe(damagedAnchor(unnamed));
});

it('is focused when the page was opened at it, and named even when its name is lost', () => {
  openSettingsPage(damagedAnchor(named));
  render(
    <>
      <DamagedEntry entry={unnamed} />
      <DamagedEntry entry={named} />
    </>,
  );
  expect(document.activeElement?.id).toBe(damagedAnchor(named));
  expect(screen.getByText('Unnamed account')).toBeTruthy();
});

it('says which stored data a newer version wrote, and where a damaged list is removed', () => {
  const said = (page: 'popup' | 'settings', reason: string) => {
    const { container, unmount } = render(
      <StorageProblems page={page} problems={[{ item: 'accounts', reason }]} />,
    );
    const text = container.textContent;
    unmount();
    return text;
  };
  expect(said('popup', 'newer-version')).toMatch(/^Your accounts were saved by a newer version/);
  expect(said('popup', 'not-a-list')).toMatch(/Remove it on the Settings page/);
  expect(said('settings', 'not-a-list')).toMatch(/Remove it below/);
  const { container } = render(<StorageProblems page="settings" problems={[]} />);
  expect(container.innerHTML).toBe('');
});
