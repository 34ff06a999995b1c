// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountForm } from '@/components/settings/AccountForm';
import type { Account } from '@/lib/store/accounts';
import { loadAccounts } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import { account } from '../../helpers/fixtures';
import { gatedChanges } from '../../helpers/gated-changes';
import { storeAccounts } from '../../helpers/harness';

// An account's form sends one change at a time, made of the fields the user changed over the
// stored account it was made from: a second Save waits for the first's answer and goes out over
// what that one stored; a refusal names each field another change stored (secrets as changed).

let background: ReturnType<typeof gatedChanges>;
let saved: Account[];
beforeEach(async () => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  background = gatedChanges();
  saved = [];
  await storeAccounts([account()]);
});
afterEach(() => {
  cleanup();
  background.stop();
});

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const stored = async () => (await loadAccounts()).accounts[0];

function renderForm(from = account()) {
  render(
    <AccountForm
      account={from}
      stored={from}
      isNew={false}
      onSaved={(account) => saved.push(account)}
      onCancel={() => {}}
    />,
  );
}

describe('a second Save while the first is on its way', () => {
  it('waits for the first answer, then sends only what was typed since, over what the first stored', async () => {
    renderForm();
    type('Name (optional)', 'House');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(background.held()).toBe(1));
    expect(screen.getByRole('status').textContent).toContain('Saving…');
    type('User ID', 'sato');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.submit(screen.getByRole('form'));
    // One change on its way; the other two wait for its answer (the last, nothing new, sends nothing).
    expect(background.sent).toHaveLength(1);
    background.open();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(background.sent).toEqual([
      {
        kind: 'edit-account',
        accountId: 'home',
        fields: { label: 'House' },
        revision: revisionOf(account()),
      },
      {
        kind: 'edit-account',
        accountId: 'home',
        fields: { userId: 'sato' },
        revision: revisionOf(account({ label: 'House' })),
      },
    ]);
    expect(await stored()).toMatchObject({ label: 'House', userId: 'sato' });
    // Never "changed elsewhere": the other change was the user's own. The form closes once, after the last.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved.map((a) => a.userId)).toEqual(['sato']);
    expect(screen.getByRole('status').textContent).not.toContain('Saving…');
  });
});

describe('a save refused because another change was stored since the form opened', () => {
  async function refused(other: Partial<Account>) {
    renderForm();
    type('Name (optional)', 'House');
    await storeAccounts([account(other)]);
    background.open();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    return screen.findByRole('alert');
  }

  it('names each field the other change stored, a password or key only as changed', async () => {
    const alert = await refused({
      password: 'secret-2',
      apiKey: 'key-2',
      userId: 'sato',
      notifications: false,
    });
    expect(alert.textContent).toMatch(
      /^Not saved: this was changed elsewhere after you opened it\. Stored now: /,
    );
    for (const said of [
      'User ID: sato',
      'Apps password changed',
      'API key changed',
      'Notifications for this account: off',
    ])
      expect(alert.textContent).toContain(said);
    expect(alert.textContent).not.toContain('secret-2');
    expect(alert.textContent).not.toContain('key-2');
    expect(alert.textContent).not.toContain('Name');
  });

  it('Keep mine sends only the fields the user changed, over what is stored now', async () => {
    const alert = await refused({ password: 'secret-2', userId: 'sato' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(background.sent.at(-1)).toEqual({
      kind: 'edit-account',
      accountId: 'home',
      fields: { label: 'House' },
      revision: revisionOf(account({ password: 'secret-2', userId: 'sato' })),
    });
    expect(await stored()).toMatchObject({ label: 'House', userId: 'sato', password: 'secret-2' });
  });

  it('Use the stored values takes them into the form', async () => {
    const alert = await refused({ userId: 'sato' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Use the stored values' }));
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('sato');
    expect(screen.getByLabelText<HTMLInputElement>('Name (optional)').value).toBe('Home');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
