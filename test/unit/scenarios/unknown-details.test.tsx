// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountCard } from '@/components/popup/AccountCard';
import { AccountForm } from '@/components/settings/AccountForm';
import { ConnectionResult } from '@/components/settings/ConnectionResult';
import { onChanges } from '@/lib/extension/change-port';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { parseUserResponse, type UserInfo } from '@/lib/service/answers';
import { account, NOW, snapshot } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

/** What the client stores for an answer with only result 0, the node, and a bonus of odd times. */
function sparseUser(): UserInfo {
  const parsed = parseUserResponse({
    result: 0,
    node: 'nanao.teracloud.jp',
    api_key: { bonus: { since: 1, increase_capacity: 8 } },
  });
  if (!parsed.ok) throw new Error('the sparse answer should parse');
  return parsed.value;
}

describe('details the service did not send', () => {
  it('are shown as unknown, with nothing to copy', () => {
    const user = { ...sparseUser(), at: NOW };
    render(
      <AccountCard
        account={account()}
        snapshot={snapshot(44, { user })}
        history={[]}
        settings={DEFAULT_SETTINGS}
        now={NOW}
        locale="en"
      />,
    );
    const card = screen.getByRole('article', { name: 'Home' });
    const text = card.textContent ?? '';
    for (const label of ['Contract capacity', 'User ID', 'WebDAV URL', 'Introducer code'])
      expect(text).toContain(`${label}unknown`);
    expect(text).toContain('+8 GB from unknown');
    expect(text).toContain('Applicationunknown');
    expect(within(card).queryByRole('button', { name: 'Copy User ID' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Copy Node server' })).toBeTruthy();
  });

  it('leave a connection test readable', () => {
    render(
      <ConnectionResult
        keyForm="header"
        report={{ user: { ok: true, value: sparseUser() } }}
        locale="en"
      />,
    );
    expect(screen.getByText(/Connected as unknown, storage on nanao\.teracloud\.jp/)).toBeTruthy();
  });
});

describe('the account form', () => {
  it('refuses a header-form API key a header cannot carry, saying why', async () => {
    let sent = 0;
    const stop = onChanges(() => ({
      carryOut: async () => (sent++, { failed: 'not expected' }),
      close: () => {},
    }));
    render(
      <AccountForm
        account={account({ apiKey: '' })}
        isNew={false}
        onSaved={() => {}}
        onCancel={() => undefined}
      />,
    );
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'キー' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/This key has a character a request header cannot carry/),
    ).toBeTruthy();
    expect(sent).toBe(0);
    stop();
  });
});
