// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AllowAccessButton } from '@/components/common/AllowAccessButton';
import { ANSWER_LIMIT_MS } from '@/lib/pages/send-command';
import { answerCommands, never } from '../../helpers/answered-commands';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// "Allow access" asks the browser for the one host an account's check was blocked on, then has
// that account checked; each way it can end is said by the button, which waits for the check.

let stopBackground = () => {};
let checksAsked: unknown[];
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  checksAsked = [];
});
afterEach(() => {
  cleanup();
  stopBackground();
  vi.useRealTimers();
});

const HOST = 'nanao.teracloud.jp';
const allowButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: `Allow access to ${HOST}` });
const renderButton = () =>
  render(<AllowAccessButton origin={`https://${HOST}`} accountId="home" />);

it('refused by the user: says nothing was sent, and asks for no check', async () => {
  installFakeExtensionApis({ granted: () => false });
  stopBackground = answerCommands({ checkNow: async (data) => (checksAsked.push(data), {}) });
  renderButton();
  fireEvent.click(allowButton());
  await screen.findByText(`Access to ${HOST} was not allowed. Nothing was sent.`);
  expect(checksAsked).toEqual([]);
});

it('granted: checks that account', async () => {
  stopBackground = answerCommands({ checkNow: async (data) => (checksAsked.push(data), {}) });
  renderButton();
  fireEvent.click(allowButton());
  await vi.waitFor(() => expect(checksAsked).toEqual([{ accountId: 'home' }]));
});

it('granted, then a check that cannot start', async () => {
  stopBackground = answerCommands({ checkNow: () => Promise.reject(new Error('worker gone')) });
  renderButton();
  fireEvent.click(allowButton());
  // The Settings page's list has no "Check now": the words point to what happens anyway.
  expect(
    await screen.findByText(
      /^Access to nanao.teracloud.jp was allowed, but the check could not be started: the extension's background did not answer. Storage Keeper checks the account at its next scheduled sign-in/,
    ),
  ).toBeTruthy();
});

it('granted, then no answer: not "could not be started", the check may still be under way', async () => {
  // Only the timers: the limit's, and those the tests' waits set (cleared when they end).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let asked = () => {};
  const checkAsked = new Promise<void>((resolve) => (asked = resolve));
  stopBackground = answerCommands({ checkNow: () => (asked(), never()) });
  renderButton();
  fireEvent.click(allowButton());
  await checkAsked;
  // Waiting for the check: not clickable again, so an older click's outcome cannot land on a newer one's.
  const allow = allowButton();
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
