// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { revisionOf } from '@/lib/store/revision';
import { AllowAccessButton } from '@/components/common/AllowAccessButton';
import { CheckNowButton } from '@/components/popup/CheckNowButton';
import { FailureNotice } from '@/components/common/FailureNotice';
import { onMessages, type CheckAnswer } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// A check the service's wait held back (the background's answer: how long is left): the page
// says so where the click happened, in the card's words for a time ahead, until that time; then
// the words go, and a click checks again.

const EN =
  'The service asked Storage Keeper to wait, so nothing was sent. A check can go out again in 2 minutes.';
const JA =
  'サービスから待つよう求められたため、何も送信していません。次に確認できるのは2 分後です。';

let answers: CheckAnswer[] = [];
let stopMessages = () => {};
/** The background, answering each check with the next of `answers` (then: checked, nothing held). */
function background() {
  const next = async () => answers.shift() ?? {};
  stopMessages = withChanges(
    onMessages({
      checkNow: next,
      useAddressForm: next,
      testConnection: () => Promise.reject(new Error('not sent here')),
    }),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  answers = [];
  background();
});
afterEach(() => {
  cleanup();
  stopMessages();
  vi.useRealTimers();
});

describe('Check now held back by the service’s wait', () => {
  it.each([
    ['en', 'Check now', EN],
    ['ja', '今すぐ確認', JA],
  ] as const)(
    'says when a check can go out, by the button (%s); the words go at that time',
    async (locale, name, words) => {
      installFakeExtensionApis({ locale });
      answers = [{ waitMs: 120_000 }];
      render(<CheckNowButton />);
      fireEvent.click(screen.getByRole('button', { name }));
      expect((await screen.findByRole('status')).textContent).toBe(words);
      await vi.advanceTimersByTimeAsync(119_000);
      expect(screen.getByRole('status').textContent).not.toBe('');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(screen.queryByRole('status')).toBeNull();
    },
  );

  it('the words follow the time left: "shortly" under a minute', async () => {
    answers = [{ waitMs: 120_000 }];
    render(<CheckNowButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByRole('status');
    await vi.advanceTimersByTimeAsync(75_000);
    expect(screen.getByRole('status').textContent).toBe(
      'The service asked Storage Keeper to wait, so nothing was sent. A check can go out again shortly.',
    );
  });

  it('only some accounts held: says the others were checked', async () => {
    answers = [{ waitMs: 120_000, partly: true }];
    render(<CheckNowButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The service asked Storage Keeper to wait for some accounts, so nothing was sent for them; the others were checked. A check of those can go out again in 2 minutes.',
    );
  });

  it('a click that checks clears the words of a held one', async () => {
    answers = [{ waitMs: 600_000 }, {}];
    render(<CheckNowButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5_000 });
  });

  it('nothing held: nothing said', async () => {
    render(<CheckNowButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByRole('button', { name: 'Check now' });
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Allow access granted, its check held: says when a check can go out', async () => {
    fakeBrowser.permissions.request = async () => true;
    answers = [{ waitMs: 120_000 }];
    render(<AllowAccessButton origin="https://nanao.teracloud.jp" accountId="home" />);
    fireEvent.click(screen.getByRole('button', { name: 'Allow access to nanao.teracloud.jp' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe(EN), {
      timeout: 5_000,
    });
  });

  it('Send the key in the address, its check held: says when a check can go out', async () => {
    answers = [{ waitMs: 120_000 }];
    render(
      <FailureNotice
        failure={{ kind: 'api-key-rejected' }}
        accountId="home"
        revision={revisionOf(account())}
        keyForm="header"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
    expect((await screen.findByRole('status')).textContent).toBe(EN);
  });
});
