import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  accountEdited,
  accountRemoved,
  allRemoved,
  imported,
  settingsEdited,
} from '@/lib/pages/change-made';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, workAccount } from '../../helpers/fixtures';
import { storeAccounts, storeSettings } from '../../helpers/harness';

// When a change's answer never came, the Settings page reads storage: what the change stored, or
// undefined when storage does not hold it.

beforeEach(() => fakeBrowser.reset());

it('an account edit is made when the stored account has every field the user changed', async () => {
  await storeAccounts([account({ label: 'Photos', userId: 'new-user' })]);
  const stored = (await accountEdited('home', { label: 'Photos', userId: 'new-user' })())!;
  expect(stored).toMatchObject({ id: 'home', label: 'Photos' });
  expect(await accountEdited('home', { label: 'Photos', userId: 'someone' })()).toBeUndefined();
  expect(await accountEdited('work', { label: 'Photos' })()).toBeUndefined();
});

it('a removal is made when the account is gone, and "Remove all data" when nothing is stored', async () => {
  await storeAccounts([account()]);
  expect(await accountRemoved('home')()).toBeUndefined();
  expect(await accountRemoved('work')()).toBe(true);
  expect(await allRemoved()()).toBeUndefined();
  await fakeBrowser.storage.local.clear();
  await fakeBrowser.storage.local.set({ settings: DEFAULT_SETTINGS });
  // No account, but settings still stored: not everything was removed.
  expect(await allRemoved()()).toBeUndefined();
  await fakeBrowser.storage.local.clear();
  expect(await allRemoved()()).toBe(true);
});

it('a settings edit is made when the stored settings have every field the user changed', async () => {
  await storeSettings({ warningPercent: 70, notifyUsage: false });
  expect(await settingsEdited({ warningPercent: 70, notifyUsage: false })()).toMatchObject({
    warningPercent: 70,
  });
  expect(await settingsEdited({ warningPercent: 70, notifyUsage: true })()).toBeUndefined();
});

it('an import is made when every account it adds or updates is stored, and its settings', async () => {
  const added = { ...workAccount(), id: 'given-by-the-background' };
  const plan = {
    added: [added],
    updated: [account({ label: 'Photos' })],
    leftAlone: [],
    settings: { ...DEFAULT_SETTINGS, warningPercent: 70 },
  };
  await storeAccounts([account({ label: 'Photos' })]);
  await storeSettings({ warningPercent: 70 });
  expect(await imported(plan)()).toBeUndefined();
  await storeAccounts([account({ label: 'Photos' }), workAccount()]);
  expect(await imported(plan)()).toEqual({ added: 1, updated: 1 });
  await storeSettings({});
  expect(await imported(plan)()).toBeUndefined();
});
