// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConfirmButton } from '@/components/settings/ConfirmButton';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

it('is busy while its change runs: a second click sends nothing', async () => {
  let confirmed = 0;
  let finish = () => {};
  render(
    <ConfirmButton
      label="Remove all data"
      question="Remove all accounts and settings?"
      onConfirm={() => (confirmed++, new Promise<void>((resolve) => (finish = resolve)))}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Remove all data' }));
  const yes = screen.getByRole<HTMLButtonElement>('button', { name: 'Yes, Remove all data' });
  // Both in one task, before the page is drawn again (and the button disabled).
  yes.click();
  yes.click();
  expect(confirmed).toBe(1);
  await waitFor(() => expect(yes.getAttribute('aria-busy')).toBe('true'));
  expect(yes.disabled).toBe(true);
  finish();
  await waitFor(() => expect(yes.disabled).toBe(false));
  expect(yes.getAttribute('aria-busy')).toBe('false');
});
