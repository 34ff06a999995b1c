// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FailureNotice } from '@/components/common/FailureNotice';
import { ANSWER_LIMIT_MS } from '@/lib/pages/send-command';
import { revisionOf } from '@/lib/store/revision';
import { answerCommands } from '../../helpers/answered-commands';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// A rejected API key's "Send the key in the address", when the background fails or does not
// answer: said where it was clicked, in words that do not claim more than is known.

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

const renderNotice = () =>
  render(
    <FailureNotice
      failure={{ kind: 'api-key-rejected' }}
      accountId="home"
      revision={revisionOf(account())}
      keyForm="header"
    />,
  );

it('whose message fails says the account was not switched', async () => {
  stopBackground = answerCommands({
    useAddressForm: () => Promise.reject(new Error('worker gone')),
  });
  renderNotice();
  fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
  const said = await screen.findByText(
    /^The account was not switched to sending the key in the address: the extension's background did not answer/,
  );
  expect(said.getAttribute('role')).toBe('alert');
});

describe('on a background that does not answer', () => {
  beforeEach(() => {
    // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stopBackground = answerCommands();
  });

  it('without an answer, says the switch may be saved and its check still under way, not that it failed', async () => {
    renderNotice();
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
