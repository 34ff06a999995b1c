import { Popup } from '../chromium-pages';
import { damagedEntry, storedUser } from './accounts';
import { dailyHistory } from './e2e-days';
import type { Account } from '../../../lib/store/accounts';
import { GIB as GB } from '../../../lib/basics/bytes';
import type { PageState, StateContext } from './state';

// The popup's states with accounts as the service answers them: none yet, one, several, nearly
// full, a refused key, a damaged entry, data no guard foresaw, a month of rising usage.

/** Stores these accounts and opens the popup on them; with `checkNow`, checked from the popup (Check now). */
async function popupWith(
  { browser, locale }: StateContext,
  accounts: Account[],
  { checkNow = true } = {},
) {
  await browser.storeAccounts(accounts);
  const popup = new Popup(await browser.open('popup'), locale);
  if (accounts.length === 0) return popup;
  await popup.page.getByRole('article').first().waitFor();
  if (checkNow) await popup.checkNow();
  return popup;
}

export const welcome: PageState = {
  name: 'popup-welcome',
  open: async (c) => {
    const popup = await popupWith(c, []);
    await popup.page.getByRole('button', { name: popup.t('welcomeSetUp') }).waitFor();
    return popup.page;
  },
};

export const oneAccount: PageState = {
  name: 'popup-one-account',
  open: async (c) => (await popupWith(c, [storedUser(c.sim, 'demo-user', 'Personal')])).page,
};

export const nearFull: PageState = {
  name: 'popup-near-full',
  open: async (c) => (await popupWith(c, [storedUser(c.sim, 'photos', 'Photos')])).page,
};

// Several accounts, the first card's details opened.
export const severalDetails: PageState = {
  name: 'popup-several-details',
  open: async (c) => {
    const popup = await popupWith(c, [
      storedUser(c.sim, 'demo-user', 'Personal'),
      storedUser(c.sim, 'photos', 'Photos'),
    ]);
    await popup
      .card('Photos')
      .getByRole('button', { name: popup.t('showDetails') })
      .click();
    await popup.card('Photos').getByText(popup.t('webdavUrl')).waitFor();
    return popup.page;
  },
};

export const several: PageState = {
  name: 'popup-several',
  open: async (c) =>
    (
      await popupWith(c, [
        storedUser(c.sim, 'demo-user', 'Personal'),
        storedUser(c.sim, 'photos', 'Photos'),
        storedUser(c.sim, 'archive', 'Archive', { password: 'old-password' }),
      ])
    ).page,
};

// HTTP 403 with the key in the header: the hint suggests the address form.
export const keyRefused: PageState = {
  name: 'popup-key-refused',
  open: async (c) => {
    const popup = await popupWith(c, [
      storedUser(c.sim, 'archive', 'Archive', { id: 'id-refused', apiKey: 'mistyped-key' }),
    ]);
    await popup.page.getByText(popup.t('failureApiKeyHeaderHint')).waitFor();
    return popup.page;
  },
};

// A stored account entry with one field this version cannot read: kept, shown as damaged.
export const damaged: PageState = {
  name: 'popup-damaged',
  open: async (c) => {
    await c.browser.storeAccounts([
      storedUser(c.sim, 'demo-user', 'Personal'),
      damagedEntry(c.sim),
    ]);
    const popup = new Popup(await c.browser.open('popup'), c.locale);
    await popup.page.getByText(popup.t('damagedAccount')).waitFor();
    return popup.page;
  },
};

// Data no guard foresaw (a bonus end no date can be made of): that card alone says it cannot be shown.
export const unreadable: PageState = {
  name: 'popup-unreadable',
  open: async (c) => {
    const account = storedUser(c.sim, 'photos', 'Damaged', { id: 'id-damaged' });
    await c.browser.storeAccounts([account]);
    const { user } = await c.browser.checkedSnapshot(account.id);
    const bonus = {
      since: { epochMs: 0, raw: '' },
      until: { epochMs: 1e300, raw: '' },
      increaseGb: 8,
    };
    await c.browser.patchSnapshot(account.id, {
      user: { ...user, apiKey: { ...user?.apiKey, bonus } },
    });
    const popup = new Popup(await c.browser.open('popup'), c.locale);
    await popup.page.getByText(popup.t('accountUnreadable')).waitFor();
    return popup.page;
  },
};

// Forty days of history rising about 0.2 GB a day, and a bonus about to end that the usage
// will not fit without: the sparkline, and the warning alone (no forecast repeating its date).
export const outlook: PageState = {
  name: 'popup-outlook',
  open: async (c) => {
    const account = storedUser(c.sim, 'bonus', 'Bonus');
    await c.browser.storeHistory(dailyHistory(account, 40, (i) => 14.5 * GB + i * 0.2 * GB));
    const popup = await popupWith(c, [account]);
    await popup.page.getByRole('img').waitFor();
    await popup.page.getByText(popup.t('bonusEnding').split('$3')[1]!.trim()).waitFor();
    return popup.page;
  },
};
