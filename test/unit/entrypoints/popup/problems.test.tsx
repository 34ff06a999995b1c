// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import type { Failure } from '@/lib/service/failures';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { onMessages } from '@/lib/extension/messages';
import { withChanges } from '../../helpers/account-commands';
import { storeAccounts } from '../../helpers/harness';

const storeSnapshots = (snapshots: Record<string, unknown>) =>
  fakeBrowser.storage.local.set({ snapshots });
import { account, GB, NOW, snapshot, userInfo } from '../../helpers/fixtures';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

// The popup with what goes wrong: failures, missing access, odd figures and damaged storage.

let messages: { type: string; data: unknown }[];

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  messages = [];
  stopMessages = withChanges(
    onMessages({
      checkNow: async (data) => (messages.push({ type: 'checkNow', data }), {}),
      useAddressForm: async (data) => (messages.push({ type: 'useAddressForm', data }), {}),
      testConnection: () => Promise.reject(new Error('not sent by the popup')),
    }),
  );
});
afterEach(() => {
  cleanup();
  stopMessages();
});
let stopMessages: () => void;

const show = () => render(<App now={() => NOW} />);
const failing = (failure: Failure, percent = 44): AccountSnapshot =>
  // Failing for two days: past the grace, so even a failure that passes by itself is shown.
  snapshot(percent, {
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      lastAttemptAt: NOW,
      failingSince: NOW - 2 * 86_400_000,
      lastSuccessAt: NOW - 3_600_000,
    },
  });
/** Stores snapshots the way an older or damaged extension state might hold them. */
const storeRaw = (snapshots: Record<string, unknown>) => storeSnapshots(snapshots);

describe('popup alerts', () => {
  it('shows a failure stored before it opened as text, and announces one that appears while it is open', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work' })]);
    await storeSnapshots({ home: failing({ kind: 'credentials-rejected' }), work: snapshot(20) });
    show();
    await screen.findByText(/apps password was rejected/);
    expect(screen.queryByRole('alert')).toBeNull();

    await storeSnapshots({
      home: failing({ kind: 'credentials-rejected' }),
      work: failing({ kind: 'network' }, 20),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service could not be reached.');
    expect(within(screen.getByRole('article', { name: 'Work' })).getByRole('alert')).toBe(alert);
  });

  it('announces a standing failure again once it went away and came back', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: failing({ kind: 'network' }) });
    show();
    await screen.findByText(/could not be reached/);
    await storeSnapshots({ home: snapshot(44) });
    await waitFor(() => expect(screen.queryByText(/could not be reached/)).toBeNull());
    await storeSnapshots({ home: failing({ kind: 'network' }) });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be reached');
  });
});

describe('popup alerts follow the one decider (standingOf)', () => {
  /** The sign-in failed a minute ago for the first time (transient: a quiet line), or two days ago. */
  const signInFailed = (failingSince: number, refresh?: AccountSnapshot['refresh']) =>
    snapshot(44, {
      keepAlive: {
        consecutiveFailures: 1,
        failure: { kind: 'network' },
        lastAttemptAt: NOW - 60_000,
        failingSince,
        lastSuccessAt: NOW - 3_600_000,
      },
      ...(refresh && { refresh }),
    });

  it('a problem the card shows when the popup opens is standing, even beside a quiet transient failure', async () => {
    await storeAccounts([account()]);
    const blocked = {
      consecutiveFailures: 1,
      failure: { kind: 'permission-missing', origin: 'https://nanao.teracloud.jp' },
      lastAttemptAt: NOW,
      failingSince: NOW,
    } as const;
    await storeSnapshots({ home: signInFailed(NOW - 60_000, blocked) });
    show();
    await screen.findByRole('button', { name: 'Allow access to nanao.teracloud.jp' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a quiet transient failure at opening is announced once it becomes a problem the card shows', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: signInFailed(NOW - 60_000) });
    show();
    await screen.findByText(/The last check failed/);
    expect(screen.queryByRole('alert')).toBeNull();
    await storeSnapshots({ home: signInFailed(NOW - 2 * 86_400_000) });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be reached');
  });
});

describe('popup: access to a node host', () => {
  const blocked = failing({ kind: 'permission-missing', origin: 'https://nanao.teracloud.jp' });

  it('asks for exactly the blocked host from a click, then checks that account now', async () => {
    const requested: string[][] = [];
    fakeBrowser.permissions.request = async ({ origins = [] }) => (requested.push(origins), true);
    await storeAccounts([account()]);
    await storeSnapshots({ home: blocked });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(within(card).queryByRole('button', { name: 'Open settings' })).toBeNull();
    fireEvent.click(
      within(card).getByRole('button', { name: 'Allow access to nanao.teracloud.jp' }),
    );
    await waitFor(() =>
      expect(messages).toEqual([{ type: 'checkNow', data: { accountId: 'home' } }]),
    );
    expect(requested).toEqual([['https://nanao.teracloud.jp/*']]);
  });

  it('says so while the prompt is open, and when access was refused, and checks nothing', async () => {
    let answer!: (granted: boolean) => void;
    fakeBrowser.permissions.request = () => new Promise<boolean>((resolve) => (answer = resolve));
    await storeAccounts([account()]);
    await storeSnapshots({ home: blocked });
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Allow access to nanao.teracloud.jp' }),
    );
    expect(
      await screen.findByText('Waiting for you to allow access to nanao.teracloud.jp…'),
    ).toBeTruthy();
    answer(false);
    expect(
      await screen.findByText('Access to nanao.teracloud.jp was not allowed. Nothing was sent.'),
    ).toBeTruthy();
    expect(messages).toEqual([]);
  });
});

describe('popup: what the figures say', () => {
  it.each([
    [89.6, 'Nearly full: 90%', 'usage--warning'],
    [89.4, '89%', 'usage--normal'],
    [94.6, 'Critically full: 95%', 'usage--critical'],
  ])('%s %% shows as %s in the matching colour', async (percent, shown, level) => {
    await storeAccounts([account()]);
    await storeSnapshots({ home: snapshot(percent) });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.querySelector('.usage__percent')?.textContent).toBe(shown);
    expect(card.querySelector(`.${level}`)).not.toBeNull();
  });

  it('shows the figures of a zero quota, without a percentage', async () => {
    await storeAccounts([account()]);
    await storeSnapshots({
      home: snapshot(0, { capacity: { quota: 0, used: 2 * GB, at: NOW - 60_000 } }),
    });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.textContent).toContain('2 GB of 0 byte used');
    expect(card.textContent).not.toContain('Checking for the first time');
    expect(within(card).queryByRole('meter')).toBeNull();
  });

  it('suggests the address form when the API key is refused in the header, and only then', async () => {
    await storeAccounts([account(), account({ id: 'work', label: 'Work', keyForm: 'matrix' })]);
    await storeSnapshots({
      home: failing({ kind: 'api-key-rejected' }),
      work: failing({ kind: 'api-key-rejected' }),
    });
    show();
    const hint = /try sending it as a parameter in the address/;
    expect(
      within(await screen.findByRole('article', { name: 'Home' })).getByText(hint),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Work' })).queryByText(hint)).toBeNull();
  });
});

describe('popup with damaged storage', () => {
  it('sends the user to the Settings page for an account list that is not a list (nothing is below in the popup)', async () => {
    await fakeBrowser.storage.local.set({
      accounts: {
        baseUrl: 'https://api.teracloud.jp',
        userId: 'me',
        password: 'pw',
        apiKey: 'key',
        id: 7,
      },
    });
    show();
    const said = await screen.findByText(/The stored account list is damaged and cannot be read/);
    expect(said.textContent).toContain('Remove it on the Settings page to start again');
    expect(said.textContent).not.toContain('below');
  });

  it('shows a snapshot whose user lacks its API key details, those details as unknown', async () => {
    const { apiKey: _, ...user } = userInfo();
    await storeAccounts([account()]);
    await storeRaw({ home: { ...snapshot(44), user: { ...user, at: NOW } } });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.textContent).toContain('12.3 GB of 28 GB used');
    expect(card.textContent).toContain('Applicationunknown');
    expect(card.textContent).toContain('User IDyamada');
    expect(card.textContent).not.toContain('API key bonus');
  });

  it('shows odd nested values as unknown, without copy buttons for them', async () => {
    await storeAccounts([account()]);
    await storeRaw({
      home: { ...snapshot(44), user: { ...userInfo(), node: 7, capacityGb: 'x', at: NOW } },
    });
    show();
    const card = await screen.findByRole('article', { name: 'Home' });
    expect(card.textContent).toContain('Node serverunknown');
    expect(card.textContent).toContain('Contract capacityunknown');
    expect(within(card).queryByRole('button', { name: 'Copy Node server' })).toBeNull();
  });

  it('shows a full card again when its data is repaired', async () => {
    const bonus = {
      since: { epochMs: NOW - 1000, raw: '' },
      until: { epochMs: 1e300, raw: '' },
      increaseGb: 8,
    };
    await storeAccounts([account()]);
    await storeRaw({
      home: snapshot(44, {
        user: { ...userInfo({ apiKey: { ...userInfo().apiKey, bonus } }), at: NOW },
      }),
    });
    show();
    expect((await screen.findByRole('article', { name: 'Home' })).textContent).toContain(
      'could not be shown',
    );
    await storeSnapshots({ home: snapshot(71) });
    expect(await screen.findByText('71%')).toBeTruthy();
    expect(screen.queryByText(/could not be shown/)).toBeNull();
  });
});
