import { Popup } from '../chromium-pages';
import type { ExtensionSession } from '../chromium';
import type { Account } from '../../../lib/store/accounts';
import { storedUser } from './accounts';
import type { PageState, StateContext } from './state';

// The popup's states of a failing sign-in, each patched into the account's snapshot after its
// first check (the simulator cannot make a failure that began a day ago, or hold a retry).

/** An account checked once by the background, then given a sign-in state the simulator cannot produce. */
async function patched(
  browser: ExtensionSession,
  account: Account,
  failure: Record<string, unknown>,
) {
  await browser.storeAccounts([account]);
  const at = Date.now();
  await browser.patchSnapshot(account.id, {
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      lastAttemptAt: at,
      lastSuccessAt: at - 3_600_000,
    },
  });
}

/** An account checked once, then given a sign-in that failed at `since` and is retried at `retryAt`. */
async function failedSignIn(
  context: StateContext,
  label: string,
  failure: Record<string, unknown>,
  since: number,
  retryAt: number,
) {
  const account = storedUser(context.sim, 'demo-user', label, { id: `id-${label.toLowerCase()}` });
  await context.browser.storeAccounts([account]);
  const at = Date.now();
  await context.browser.patchSnapshot(account.id, {
    keepAlive: {
      consecutiveFailures: 1,
      failure,
      failingSince: since,
      lastAttemptAt: at,
      lastSuccessAt: at - 3_600_000,
      retryAt,
    },
  });
  const popup = new Popup(await context.browser.open('popup'), context.locale);
  await popup.card(label).waitFor();
  return popup;
}

// Good figures first, then the apps password was rejected: the fix at once (a manual
// re-check moments after the first is held back for 10 s, so the state is patched in).
export const passwordRejected: PageState = {
  name: 'popup-failure',
  open: async (c) => {
    await patched(c.browser, storedUser(c.sim, 'archive', 'Archive'), {
      kind: 'credentials-rejected',
    });
    const popup = new Popup(await c.browser.open('popup'), c.locale);
    await popup.card('Archive').locator('.failure').waitFor();
    return popup.page;
  },
};

// One failed sign-in (a laptop waking before its Wi-Fi): one quiet line, figures and badge calm.
export const transient: PageState = {
  name: 'popup-transient',
  open: async (c) => {
    const popup = await failedSignIn(
      c,
      'Waking',
      { kind: 'network' },
      Date.now(),
      Date.now() + 5 * 60_000,
    );
    await popup.page.locator('.card__quiet').waitFor();
    return popup.page;
  },
};

// Failing for longer than the notices wait (a day; 2 minutes in this build): the failure, the retry, the deletion date.
export const outage: PageState = {
  name: 'popup-outage',
  open: async (c) => {
    const popup = await failedSignIn(
      c,
      'Offline',
      { kind: 'network' },
      Date.now() - 3_600_000,
      Date.now() + 3_600_000,
    );
    await popup.page.locator('.failure').waitFor();
    return popup.page;
  },
};

// An absurd Retry-After (two years): the retry the extension scheduled, in words.
export const retryAfter: PageState = {
  name: 'popup-retry-after',
  open: async (c) => {
    const popup = await failedSignIn(
      c,
      'Throttled',
      { kind: 'rate-limited', retryAfterMs: 63_072_000_000 },
      Date.now(),
      Date.now() + 86_400_000,
    );
    await popup.page.locator('.card__quiet').waitFor();
    return popup.page;
  },
};

// The service asked for two minutes (a 429 just now): Check now sends nothing and says when it can.
export const checkHeld: PageState = {
  name: 'popup-check-held',
  open: async (c) => {
    const popup = await failedSignIn(
      c,
      'Throttled',
      { kind: 'rate-limited', retryAfterMs: 120_000 },
      Date.now(),
      Date.now() + 120_000,
    );
    await popup.checkNow();
    await popup.page
      .getByRole('status')
      .filter({ hasText: popup.t('checkHeld').split('$1')[0]! })
      .waitFor();
    return popup.page;
  },
};

export const allowAccess: PageState = {
  name: 'popup-allow-access',
  open: async (c) => {
    await patched(c.browser, storedUser(c.sim, 'demo-user', 'Blocked', { id: 'id-blocked' }), {
      kind: 'permission-missing',
      origin: c.sim.nodeUrl,
    });
    const popup = new Popup(await c.browser.open('popup'), c.locale);
    await popup.page
      .getByRole('button', { name: popup.t('allowAccess').replace('$1', c.sim.nodeHost) })
      .waitFor();
    return popup.page;
  },
};
