// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountForm } from '@/components/settings/AccountForm';
import type { ConnectionReport } from '@/lib/extension/messages';
import { ANSWER_LIMIT_MS } from '@/lib/pages/send-command';
import { answerCommands } from '../../helpers/answered-commands';
import { account, GB, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// An account form's Test connection within the command's time limit: a lost answer ends in
// words the user can act on, never in "Testing…" forever.

const REPORT: ConnectionReport = {
  user: { ok: true, value: userInfo() },
  capacity: { ok: true, value: { quota: 28 * GB, used: 7 * GB } },
};

let stopBackground = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  stopBackground();
  vi.useRealTimers();
});

describe('on a background that does not answer', () => {
  const renderForm = () =>
    render(
      <AccountForm account={account()} isNew={false} onSaved={() => {}} onCancel={() => {}} />,
    );

  it.each([
    [
      'en',
      'Test connection',
      'Testing…',
      "Storage Keeper's background did not answer within 60 seconds. Nothing was changed; try again.",
    ],
    [
      'ja',
      '接続テスト',
      'テスト中…',
      'Storage Keeper のバックグラウンドが 60 秒以内に応答しませんでした。何も変更されていません。もう一度お試しください。',
    ],
  ] as const)(
    'says so after the limit (%s), and the Test button works again',
    async (locale, button, testing, said) => {
      installFakeExtensionApis({ locale });
      stopBackground = answerCommands();
      renderForm();
      fireEvent.click(screen.getByRole('button', { name: button }));
      await screen.findByText(testing);
      await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.testConnection);
      expect((await screen.findByRole('alert')).textContent).toBe(said);
      expect(screen.queryByText(testing)).toBeNull();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: button }).disabled).toBe(false);
    },
  );

  it('an answer in time is shown as before, with no timer left pending', async () => {
    stopBackground = answerCommands({ testConnection: async () => REPORT });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Connected as yamada/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a background that fails still gets the failure words, not the no-answer ones', async () => {
    stopBackground = answerCommands({
      testConnection: () => Promise.reject(new Error('the background failed')),
    });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The test could not be run: the extension's background did not answer. Try again; if it keeps failing, reload the extension.",
    );
  });
});
