// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AccountCard } from '@/components/popup/AccountCard';
import { AccountList } from '@/components/settings/AccountList';
import { loadPopupExtras } from '@/components/popup/on-demand';
import { badgeFor, badgeTitle } from '@/lib/outlook/badge';
import { showNotice } from '@/lib/background/display';
import type { Failure } from '@/lib/service/failures';
import type { KeySource } from '@/lib/service/client';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { catalogue } from '../../../testbed/catalogue';
import { account, NOW, snapshot } from '../helpers/fixtures';
import { installFakeExtensionApis } from '../helpers/fake-extension';

// The same failure of the same account reads the same wherever it is told: the popup's card,
// the Settings page's list, the badge's tooltip and the "sign-in is failing" notification.

const DAY = 86_400_000;

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
  // A build that carries the application key (WXT_APP_API_KEY): its accounts may use it.
  vi.stubEnv('WXT_APP_API_KEY', 'the-build-key');
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

/** Every place's text for an account whose sign-in has failed with `failure` for two days. */
async function everywhere(keySource: KeySource, failure: Failure) {
  const home = account({ keySource, apiKey: keySource === 'app' ? '' : 'key-1' });
  const base = snapshot(44);
  const failing = {
    ...base,
    keepAlive: {
      ...base.keepAlive,
      failure,
      failingSince: NOW - 2 * DAY,
      lastAttemptAt: NOW,
      consecutiveFailures: 9,
    },
  };
  const props = { settings: DEFAULT_SETTINGS, now: NOW, locale: 'en' };
  // The card's failure lines come with the popup's extras, which the popup loads before it shows one.
  await loadPopupExtras();
  const card = render(<AccountCard account={home} snapshot={failing} history={[]} {...props} />)
    .container.textContent;
  cleanup();
  const list = render(
    <AccountList
      accounts={[home]}
      snapshots={{ home: failing }}
      onEdit={() => {}}
      onRemove={async () => {}}
      {...props}
    />,
  ).container.textContent;
  const tooltip = badgeTitle(
    badgeFor([{ account: home, snapshot: failing }], DEFAULT_SETTINGS, NOW),
    'en',
  );
  const create = vi
    .spyOn(fakeBrowser.notifications, 'create')
    .mockImplementation((async (id: string) => id) as never);
  await showNotice(
    home,
    {
      kind: 'sign-in-failing',
      failure,
      failingSince: NOW - 2 * DAY,
      lastSuccessAt: NOW - 3 * DAY,
    },
    NOW,
  );
  const notification = (create.mock.calls[0]![1] as unknown as { message: string }).message;
  create.mockRestore();
  return { card, list, tooltip, notification };
}

describe('one failure, one sentence in every place', () => {
  it.each<[KeySource, Failure, string]>([
    // Storage Keeper's own key refused is not the user's key: every place says whose it was.
    ['app', { kind: 'api-key-rejected' }, 'failureAppKeyRejected'],
    ['own', { kind: 'api-key-rejected' }, 'failureApiKeyRejected'],
    ['own', { kind: 'credentials-rejected' }, 'failureCredentialsRejected'],
  ])('an account with key source %s, %j: %s', async (keySource, failure, key) => {
    const sentence = catalogue('en')[key]!;
    const places = await everywhere(keySource, failure);
    for (const [place, text] of Object.entries(places)) expect(text, place).toContain(sentence);
    // …and not the other key's words anywhere.
    const other =
      key === 'failureAppKeyRejected' ? 'failureApiKeyRejected' : 'failureAppKeyRejected';
    for (const [place, text] of Object.entries(places))
      expect(text, place).not.toContain(catalogue('en')[other]!);
  });
});
