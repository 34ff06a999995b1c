// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import type { Account } from '@/lib/store/accounts';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { storeAccounts } from '../../helpers/harness';

// Whatever makes one card fail to render (a value no guard foresaw), the rest of the popup stays.
vi.mock('@/components/popup/AccountCard', async (original) => {
  const { AccountCard } = await original<typeof import('@/components/popup/AccountCard')>();
  return {
    AccountCard: (props: Parameters<typeof AccountCard>[0] & { account: Account }) => {
      if (props.account.id === 'home') throw new Error('a value no guard foresaw');
      return AccountCard(props);
    },
  };
});

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

it('replaces only the card that cannot be shown; the others and the header stay usable', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
  await fakeBrowser.storage.local.set({ snapshots: { home: snapshot(44), work: snapshot(20) } });
  render(<App now={() => NOW} />);
  const broken = await screen.findByRole('article', { name: 'Home' });
  expect(broken.textContent).toContain("This account's data could not be shown.");
  expect(screen.getByRole('article', { name: 'Work' }).textContent).toContain('20%');
  const header = document.querySelector('header')!;
  expect(within(header).getByRole('button', { name: 'Open settings' })).toBeTruthy();
  expect(within(header).getByRole('button', { name: 'Check now' })).toBeTruthy();
});

it('says where the card that cannot be shown is dealt with, and goes there: its form in the Settings page', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const opened: string[] = [];
  fakeBrowser.tabs.create = async ({ url }) => (opened.push(url!), {} as never);
  await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
  await fakeBrowser.storage.local.set({ snapshots: { home: snapshot(44), work: snapshot(20) } });
  render(<App now={() => NOW} />);
  const broken = await screen.findByRole('article', { name: 'Home' });
  expect(broken.textContent).toContain('You can edit or remove it on the Settings page.');
  fireEvent.click(within(broken).getByRole('button', { name: 'Open settings' }));
  await waitFor(() => expect(opened).toHaveLength(1));
  expect(new URL(opened[0]!).hash).toBe('#accounts/edit/home');
});
