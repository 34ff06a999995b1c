// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountCard } from '@/components/popup/AccountCard';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/lib/basics/time';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// One account's card in the popup, drawn alone; the popup's tests (test/unit/entrypoints/popup/)
// show it among the others, from what is stored.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the card', () => {
  it('says when the next sign-in is due; a failing sign-in leaves that to its failure line', () => {
    const props = {
      account: account(),
      history: [],
      settings: DEFAULT_SETTINGS,
      now: NOW,
      locale: 'en',
    };
    const { container, rerender } = render(<AccountCard {...props} snapshot={snapshot(50)} />);
    expect(container.textContent).toContain('Next sign-in in 22 hours'); // signed in 2 hours ago, daily
    const failing = snapshot(50);
    failing.keepAlive = {
      lastAttemptAt: NOW - HOUR,
      consecutiveFailures: 1,
      failure: { kind: 'network' },
      retryAt: NOW + 10 * MINUTE,
    };
    rerender(<AccountCard {...props} snapshot={failing} />);
    expect(container.textContent).not.toContain('Next sign-in');
  });
});
