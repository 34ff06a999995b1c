// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CheckNowButton } from '@/components/popup/CheckNowButton';
import { ANSWER_LIMIT_MS } from '@/lib/pages/send-command';
import { answerCommands } from '../../helpers/answered-commands';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// "Check now" asks the background for a check and is busy until it is answered; a check that
// could not be asked, or whose answer did not come, says so by the button, never busy forever.
// (A check the service's wait held back: use-held-check.test.tsx.)

let stopBackground = () => {};
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  stopBackground();
  vi.useRealTimers();
});

it('whose message fails says the check could not be started, and can be clicked again', async () => {
  stopBackground = answerCommands({ checkNow: () => Promise.reject(new Error('worker gone')) });
  render(<CheckNowButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    "The check could not be started: the extension's background did not answer. Try again; if it keeps failing, reload the extension.",
  );
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check now' }).disabled).toBe(false);
});

describe('on a background that does not answer', () => {
  beforeEach(() => {
    // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stopBackground = answerCommands();
  });

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
    'leaves its busy state and says the check may still be under way (%s)',
    async (locale, button, busy, said) => {
      installFakeExtensionApis({ locale });
      render(<CheckNowButton />);
      fireEvent.click(screen.getByRole('button', { name: button }));
      await screen.findByRole('button', { name: busy });
      await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS.checkNow);
      expect((await screen.findByRole('alert')).textContent).toBe(said);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: button }).disabled).toBe(false);
    },
  );
});
