// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CopyButton } from '@/components/popup/CopyButton';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// Copy: the value to the clipboard, "Copied" for a moment (on the button and to screen
// readers), and what to do when the browser refuses.

/** What the clipboard was given, and whether the browser refuses it now. */
let copied: string[];
let refusing: boolean;
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  copied = [];
  refusing = false;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (refusing) throw new DOMException('denied', 'NotAllowedError');
        copied.push(text);
      },
    },
  });
  // Only the timer that ends "Copied".
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const REFUSED =
  'Could not copy: the browser refused access to the clipboard. Select the text and copy it yourself.';

it('copies the value and says "Copied" for a moment and a half', async () => {
  render(<CopyButton value="https://webdav.example/dav/" label="WebDAV URL" />);
  fireEvent.click(screen.getByRole('button', { name: 'Copy WebDAV URL' }));
  await vi.advanceTimersByTimeAsync(0);
  expect(copied).toEqual(['https://webdav.example/dav/']);
  expect(screen.getByRole('button', { name: 'Copied' }).textContent).toBe('Copied');
  expect(screen.getByRole('status').textContent).toBe('Copied');
  await vi.advanceTimersByTimeAsync(1499);
  expect(screen.getByRole('status').textContent).toBe('Copied');
  await vi.advanceTimersByTimeAsync(1);
  expect(screen.getByRole('button', { name: 'Copy WebDAV URL' }).textContent).toBe('Copy');
  expect(screen.getByRole('status').textContent).toBe('');
});

it('a copy the browser refuses says what to do, and a copy that works takes that away', async () => {
  refusing = true;
  render(<CopyButton value="https://webdav.example/dav/" label="WebDAV URL" />);
  fireEvent.click(screen.getByRole('button', { name: 'Copy WebDAV URL' }));
  expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
  expect(screen.getByRole('status').textContent).toBe('');

  refusing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Copy WebDAV URL' }));
  await screen.findByRole('button', { name: 'Copied' });
  expect(screen.queryByRole('alert')).toBeNull();
});
