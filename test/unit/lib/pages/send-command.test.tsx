// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { revisionOf } from '@/lib/store/revision';
import { AccountForm } from '@/components/settings/AccountForm';
import { AllowAccessButton } from '@/components/common/AllowAccessButton';
import { CheckNowButton } from '@/components/popup/CheckNowButton';
import { FailureNotice } from '@/components/common/FailureNotice';
import { ANSWER_LIMIT_MS, NoAnswer, sendCommand } from '@/lib/pages/send-command';
import { onMessages, type ConnectionReport } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import { account, GB, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// A page's command to the background has a time limit: a lost answer ends in words the user can
// act on, never in "Testing…" or a busy "Check now" forever.

const REPORT: ConnectionReport = {
  user: { ok: true, value: userInfo() },
  capacity: { ok: true, value: { quota: 28 * GB, used: 7 * GB } },
};
const never = () => new Promise<never>(() => {});

let stopMessages = () => {};
/** The background as it answers each command: by default never (its answer lost). */
function background(handlers: Partial<Parameters<typeof onMessages>[0]> = {}) {
  stopMessages = withChanges(
    onMessages({
      checkNow: never,
      testConnection: never,
      useAddressForm: never,
      ...handlers,
    }),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.useRealTimers();
});

describe('sendCommand', () => {
  it('rejects with NoAnswer when the background has not answered within the limit, not before', async () => {
    background();
    let outcome: unknown = 'pending';
    sendCommand('testConnection', { draft: account(), accountId: 'a' }).then(
      (report) => (outcome = report),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.testConnection - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(NoAnswer);
  });

  it('a check gets its own, longer limit', async () => {
    background();
    let outcome: unknown = 'pending';
    sendCommand('checkNow', {}).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.checkNow - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(NoAnswer);
  });

  it('an answer in time resolves, and leaves no timer behind', async () => {
    background({ testConnection: async () => REPORT });
    expect(await sendCommand('testConnection', { draft: account(), accountId: 'a' })).toEqual(
      REPORT,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a background that fails rejects with its error, not NoAnswer, and leaves no timer behind', async () => {
    background({ checkNow: () => Promise.reject(new Error('worker gone')) });
    const error = await sendCommand('checkNow', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NoAnswer);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('Test connection, on a background that does not answer', () => {
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
      background();
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
    background({ testConnection: async () => REPORT });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Connected as yamada/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a background that fails still gets the failure words, not the no-answer ones', async () => {
    background({ testConnection: () => Promise.reject(new Error('the background failed')) });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The test could not be run: the extension's background did not answer. Try again; if it keeps failing, reload the extension.",
    );
  });
});

describe('Check now and Allow access, on a background that does not answer', () => {
  it.each([
    [
      'en',
      'Check now',
      'Checking…',
      "Storage Keeper's background did not answer within 180 seconds. The check may still be under way; if nothing here changes, try again.",
    ],
    [
      'ja',
      '今すぐ確認',
      '確認中…',
      'Storage Keeper のバックグラウンドが 180 秒以内に応答しませんでした。確認はまだ実行中の可能性があります。表示が変わらない場合は、もう一度お試しください。',
    ],
  ] as const)(
    '"Check now" leaves its busy state and says the check may still be under way (%s)',
    async (locale, button, busy, said) => {
      installFakeExtensionApis({ locale });
      background();
      render(<CheckNowButton />);
      fireEvent.click(screen.getByRole('button', { name: button }));
      await screen.findByRole('button', { name: busy });
      await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.checkNow);
      expect((await screen.findByRole('alert')).textContent).toBe(said);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: button }).disabled).toBe(false);
    },
  );

  it('"Allow access" granted, then no answer: not "could not be started", the check may still be under way', async () => {
    let asked = () => {};
    const checkAsked = new Promise<void>((resolve) => (asked = resolve));
    background({ checkNow: () => (asked(), never()) });
    render(<AllowAccessButton origin="https://nanao.teracloud.jp" accountId="home" />);
    fireEvent.click(screen.getByRole('button', { name: 'Allow access to nanao.teracloud.jp' }));
    await checkAsked;
    // Waiting for the check: not clickable again, so an older click's outcome cannot land on a newer one's.
    const allow = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Allow access to nanao.teracloud.jp',
    });
    await vi.waitFor(() => expect(allow.disabled).toBe(true), { timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.checkNow);
    await vi.waitFor(() => expect(allow.disabled).toBe(false), { timeout: 5_000 });
    await vi.waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          "Access to nanao.teracloud.jp was allowed, but Storage Keeper's background did not answer within 180 seconds. The check may still be under way; if not, Storage Keeper checks the account at its next scheduled sign-in.",
        ),
      { timeout: 5_000 },
    );
  });
});

describe('"Send the key in the address"', () => {
  it('without an answer, says the switch may be saved and its check still under way, not that it failed', async () => {
    background();
    render(
      <FailureNotice
        failure={{ kind: 'api-key-rejected' }}
        accountId="home"
        revision={revisionOf(account())}
        keyForm="header"
      />,
    );
    const send = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Send the key in the address',
    });
    fireEvent.click(send);
    // Waiting for the answer: not clickable again, so an older click's outcome cannot land on a newer one's.
    await vi.waitFor(() => expect(send.disabled).toBe(true), { timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.useAddressForm);
    expect(send.disabled).toBe(false);
    // The failure itself is an alert too (news on this page): the answer's words are the last one.
    await vi.waitFor(
      () =>
        expect(screen.getAllByRole('alert').at(-1)!.textContent).toBe(
          "Storage Keeper's background did not answer within 180 seconds. The account may already send its key in the address, and its check may still be under way; if this notice does not go away, try again.",
        ),
      { timeout: 5_000 },
    );
  });
});
