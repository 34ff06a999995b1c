// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FailureNotice } from '@/components/common/FailureNotice';
import { switchToAddressForm } from '@/lib/background/address-form';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { onMessages } from '@/lib/extension/messages';
import { loadAccounts } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { account } from '../../helpers/fixtures';
import { storeAccounts } from '../../helpers/harness';

// "Send the key in the address" changes the account as the notice showed it, or nothing.

let stopMessages = () => {};
let checked: unknown[];
beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  checked = [];
  const inFlight = new ChecksInFlight();
  stopMessages = onMessages({
    checkNow: async (data) => (checked.push(data), {}),
    testConnection: () => Promise.reject(new Error('not sent here')),
    useAddressForm: (data) =>
      switchToAddressForm(inFlight, data, async (check) => (checked.push(check), {})),
  });
});
afterEach(() => {
  cleanup();
  stopMessages();
});

const shown = account({ keyForm: 'header' });
const renderNotice = () =>
  render(
    <FailureNotice
      failure={{ kind: 'api-key-rejected' }}
      accountId="home"
      revision={revisionOf(shown)}
      keyForm="header"
    />,
  );

it('switches the account as shown, and checks it', async () => {
  await storeAccounts([shown]);
  renderNotice();
  fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
  await waitFor(() => expect(checked).toEqual([{ accountId: 'home' }]));
  expect((await loadAccounts()).accounts[0]?.keyForm).toBe('matrix');
  expect(screen.queryByText(/^Nothing was changed/)).toBeNull();
});

it('changed elsewhere since it was shown: changes nothing, and says so', async () => {
  await storeAccounts([{ ...shown, apiKey: 'key-2' }]);
  renderNotice();
  fireEvent.click(screen.getByRole('button', { name: 'Send the key in the address' }));
  expect(
    await screen.findByText(
      'Nothing was changed: this account was changed or removed elsewhere since this notice was shown.',
    ),
  ).toBeTruthy();
  expect((await loadAccounts()).accounts[0]).toEqual({ ...shown, apiKey: 'key-2' });
  expect(checked).toEqual([]);
});
