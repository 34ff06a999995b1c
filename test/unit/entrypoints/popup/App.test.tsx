// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import { onMessages } from '@/lib/extension/messages';
import { storeAccounts } from '../../helpers/harness';

const storeSnapshots = (snapshots: Record<string, unknown>) =>
  fakeBrowser.storage.local.set({ snapshots });
import { account, NOW, snapshot, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

const show = () => render(<App now={() => NOW} />);

describe('popup', () => {
  it('welcomes a new user with one way forward: the setup walk-through in the settings page', async () => {
    const opened: (string | undefined)[] = [];
    fakeBrowser.tabs.create = (async ({ url }: { url?: string }) =>
      void opened.push(url)) as unknown as typeof fakeBrowser.tabs.create;
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an account' }));
    expect(screen.getByText(/Storage Keeper signs in once a day/)).toBeTruthy();
    expect(opened).toEqual([fakeBrowser.runtime.getURL('/options.html#setup')]);
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('shows one account in full: usage, capacity, bonus, copyable details and times', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(44) });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    const text = card.textContent ?? '';
    expect(text).toContain('12.3 GB of 28 GB used');
    expect(text).toContain('44%');
    expect(within(card).getByRole('meter').getAttribute('aria-valuenow')).toBe('44');
    expect(text).toContain('Contract capacity20 GB');
    expect(text).toContain('+8 GB until Jan 31, 2027');
    for (const [label, value] of [
      ['User ID', 'yamada'],
      ['Node server', 'nanao.teracloud.jp'],
      ['WebDAV URL', 'https://nanao.teracloud.jp/dav/'],
      ['Introducer code', 'INTRO42'],
    ]) {
      expect(text).toContain(`${label}${value}`);
      expect(within(card).getByRole('button', { name: `Copy ${label}` })).toBeTruthy();
    }
    expect(text).toContain('Storage Keeper by SK team');
    expect(text).toContain('Usage updated 3 minutes ago');
    expect(text).toContain('Last sign-in 2 hours ago');
    expect(card.querySelector('.usage--normal')).not.toBeNull();
  });

  it('copies a detail to the clipboard', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(44) });
    show();
    const button = await screen.findByRole('button', { name: 'Copy WebDAV URL' });
    fireEvent.click(button);
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('https://nanao.teracloud.jp/dav/'),
    );
    // Said on the button and in a live region, so a screen reader hears it too.
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Copied'));
    expect(button.textContent).toBe('Copied');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Copied');
  });

  it.each([
    ['upcoming', Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 31), '+8 GB from Dec 1, 2026'],
    ['expired', Date.UTC(2026, 0, 1), Date.UTC(2026, 5, 1), null],
  ])('shows an %s bonus accordingly', async (_state, since, until, expected) => {
    const bonus = {
      since: { epochMs: since, raw: '' },
      until: { epochMs: until, raw: '' },
      increaseGb: 8,
    };
    await storeAccounts([account()]);
    await storeSnapshots({
      home: snapshot(44, {
        user: { ...userInfo({ apiKey: { ...userInfo().apiKey, bonus } }), at: NOW },
      }),
    });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    if (expected) expect(card.textContent).toContain(expected);
    else expect(card.textContent).not.toContain('API key bonus');
  });

  it('colours a nearly full account by threshold', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(96.4) });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.querySelector('.usage--critical')).not.toBeNull();
    expect(card.textContent).toContain('96%');
  });

  it('shows several accounts as compact cards, most urgent first', async () => {
    await storeAccounts([
      account({ id: 'a', label: 'Calm' }),
      account({ id: 'b', label: 'Full' }),
      account({ id: 'c', label: 'Broken' }),
    ]);
    await storeSnapshots({
      a: snapshot(20),
      b: snapshot(92),
      c: snapshot(50, {
        keepAlive: {
          consecutiveFailures: 1,
          failure: { kind: 'api-key-rejected' },
          lastAttemptAt: NOW,
        },
      }),
    });
    show();
    await screen.findByRole('article', { name: 'Calm' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Broken',
      'Full',
      'Calm',
    ]);
    expect(document.querySelectorAll('.card--compact')).toHaveLength(3);
    expect(screen.queryByText('WebDAV URL')).toBeNull();
  });

  it('explains a failure that needs the user at once, with its fix; fresh figures are not called out of date', async () => {
    let opened = 0;
    fakeBrowser.runtime.openOptionsPage = async () => void opened++;
    await storeAccounts([account()]);
    await storeSnapshots({
      home: snapshot(44, {
        keepAlive: {
          consecutiveFailures: 2,
          failure: { kind: 'credentials-rejected' },
          lastAttemptAt: NOW,
          lastSuccessAt: NOW - 86_400_000,
        },
      }),
    });
    show();
    const notice = (await screen.findByText(/The user ID or apps password was rejected/)).closest(
      '.failure',
    ) as HTMLElement;
    expect(notice.textContent).toContain(
      'The user ID or apps password was rejected. Create an apps password on your My Page, enable Apps Connection there',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Open settings' }));
    expect(opened).toBe(1);
    expect(document.body.textContent).toContain('12.3 GB of 28 GB used');
    expect(document.querySelector('.usage--stale')).toBeNull();
    expect(document.body.textContent).not.toContain('may be out of date');
  });

  it('updates live when storage changes', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(44) });
    show();
    await screen.findByText('44%');
    await storeSnapshots({ home: snapshot(71) });
    expect(await screen.findByText('71%')).toBeTruthy();
  });

  it('Check now has a busy state that cannot be double-fired', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(44) });
    let received = 0;
    let finish!: () => void;
    const stop = onMessages({
      useAddressForm: () => Promise.reject(new Error('not sent here')),
      checkNow: () => {
        received++;
        return new Promise((resolve) => (finish = () => resolve({})));
      },
      testConnection: () => Promise.reject(new Error('not sent by the popup')),
    });
    show();
    const button = await screen.findByRole('button', { name: 'Check now' });
    fireEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    await storeSnapshots({ home: snapshot(50) });
    await vi.waitFor(() => expect(received).toBe(1)); // the command is on its way (messaging loads at the first)
    finish();
    expect(await screen.findByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(received).toBe(1);
    stop();
  });

  it('renders in Japanese', async () => {
    installFakeExtensionApis({ locale: 'ja' });
    await storeAccounts([account()]);
    await storeSnapshots({
      home: snapshot(44, {
        refresh: {
          consecutiveFailures: 1,
          failure: { kind: 'service-error', code: 1203 },
          lastAttemptAt: NOW,
          failingSince: NOW - 2 * 86_400_000,
        },
      }),
    });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.textContent).toContain('28 GB 中 12.3 GB 使用');
    expect(card.textContent).toContain('契約容量');
    expect(card.textContent).toContain('サービスがエラー 1203 を報告しました。');
    expect(card.textContent).toContain('3 分前');
  });
});
