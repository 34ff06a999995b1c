import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import type { Account } from '@/lib/store/accounts';
import { type Notice } from '@/lib/outlook/notices';
import { openNoticeTarget, showNotice } from '@/lib/background/display';
import { DAY_MS as DAY } from '@/lib/basics/time';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const account: Account = {
  id: 'home',
  label: 'Home',
  baseUrl: 'https://api.teracloud.jp',
  userId: 'yamada',
  password: 'pw',
  apiKey: 'key',
  keyForm: 'header',
  notifications: true,
};
const failing: Notice = {
  kind: 'sign-in-failing',
  failure: { kind: 'credentials-rejected' },
  failingSince: NOW - 2 * DAY,
  lastSuccessAt: NOW - 3 * DAY,
};

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe('showNotice', () => {
  it('clears a notice still on screen before showing it again, so a reminder pops up instead of updating silently', async () => {
    const calls: string[] = [];
    vi.spyOn(fakeBrowser.notifications, 'clear').mockImplementation(
      async (id: string) => (calls.push(`clear ${id}`), true),
    );
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation(
      (async (id: string) => (calls.push(`create ${id}`), id)) as never,
    );
    await showNotice(account, failing, NOW);
    await showNotice(account, failing, NOW + 7 * DAY);
    expect(calls).toEqual([
      'clear keep-alive:home',
      'create keep-alive:home',
      'clear keep-alive:home',
      'create keep-alive:home',
    ]);
  });
});

describe('openNoticeTarget', () => {
  // The ids as 0.2.0 made them, spelled out: the browser keeps a notification across an update and
  // hands its id back on a click, so these must still open their page.
  afterEach(() => vi.restoreAllMocks());
  const opened = async (id: string) => {
    const options = vi.fn(async () => undefined);
    fakeBrowser.runtime.openOptionsPage = options;
    const tabs = vi.spyOn(fakeBrowser.tabs, 'create');
    await openNoticeTarget(id);
    return [
      ...options.mock.calls.map(() => 'settings page'),
      ...tabs.mock.calls.map(([tab]) => tab.url),
    ];
  };

  it('a click on the sign-in notice a 0.2.0 install showed opens the Settings page', async () => {
    expect(await opened('keep-alive:home')).toEqual(['settings page']);
  });

  it.each(['usage:home', 'forecast:home', 'bonus:home', 'unknown:home', 'keep-alive'])(
    'a click on %s opens the overview',
    async (id) => {
      expect(await opened(id)).toEqual(['chrome-extension://test-extension-id/popup.html']);
    },
  );
});
