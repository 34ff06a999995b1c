// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountFields } from '@/components/settings/AccountFields';
import { useAccountDraft } from '@/components/settings/use-account-draft';
import type { Account } from '@/lib/store/accounts';
import { account } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// An account form's fields as the user changes them (AccountForm.test.tsx saves them): the key
// form following the server until the user picks one, the password shown on request, and the
// application key offered only to the servers it was issued for.

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

/** The fields on an account's draft, as the account form holds it. */
function Fields({ of, isNew }: { of: Account; isNew: boolean }) {
  const form = useAccountDraft(of, isNew);
  return <AccountFields form={form} set={form.change} />;
}

const server = () => screen.getByLabelText<HTMLSelectElement>('Server');
const chooseServer = (value: string) => fireEvent.change(server(), { target: { value } });
const keyForm = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });
const HEADER = /^Request header/;
const MATRIX = /^Parameter in the address/;

it("a new account's key form follows the server until the user picks one", () => {
  render(<Fields of={account({ baseUrl: 'https://api.teracloud.jp', keyForm: 'matrix' })} isNew />);
  chooseServer('custom');
  expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('');
  expect(keyForm(HEADER).checked).toBe(true);
  chooseServer('https://api.infini-cloud.net');
  expect(screen.queryByLabelText('Server address')).toBeNull();
  expect(keyForm(MATRIX).checked).toBe(true);

  fireEvent.click(keyForm(HEADER));
  chooseServer('https://api.teracloud.jp');
  expect(keyForm(HEADER).checked).toBe(true);
});

it("a stored account's key form stays as stored when its server changes", () => {
  render(<Fields of={account({ keyForm: 'header' })} isNew={false} />);
  chooseServer('https://api.infini-cloud.net');
  expect(keyForm(HEADER).checked).toBe(true);
});

it('shows the password only while "Show password" is pressed', () => {
  render(<Fields of={account()} isNew={false} />);
  const password = screen.getByLabelText<HTMLInputElement>('Apps password');
  const show = screen.getByRole('button', { name: 'Show password' });
  expect(password.type).toBe('password');
  fireEvent.click(show);
  expect(password.type).toBe('text');
  expect(show.getAttribute('aria-pressed')).toBe('true');
  fireEvent.click(show);
  expect(password.type).toBe('password');
});

it("offers the build's application key on the service's servers only, with no key field while it is chosen", () => {
  vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
  render(<Fields of={account({ keySource: 'app' })} isNew={false} />);
  const app = screen.getByRole<HTMLInputElement>('radio', { name: /application key/ });
  expect(app.checked).toBe(true);
  expect(screen.queryByRole('textbox', { name: 'API key' })).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: 'My own key' }));
  expect(screen.getByRole('textbox', { name: 'API key' })).toBeTruthy();
  fireEvent.click(app);
  chooseServer('custom');
  expect(screen.queryByRole('radio', { name: /application key/ })).toBeNull();
  expect(screen.getByRole('textbox', { name: 'API key' })).toBeTruthy();
});

it('offers no application key in a build without one', () => {
  vi.stubEnv('WXT_APP_API_KEY', '');
  render(<Fields of={account()} isNew={false} />);
  expect(screen.queryByRole('radio', { name: /application key/ })).toBeNull();
  expect(screen.getByRole('textbox', { name: 'API key' })).toBeTruthy();
});
