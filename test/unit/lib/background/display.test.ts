import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import type { Account } from '@/lib/store/accounts';
import { type Notice } from '@/lib/outlook/notices';
import { showNotice } from '@/lib/background/display';
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
  kind: 'keep-alive-failing',
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
