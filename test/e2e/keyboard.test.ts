import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionSession } from '../../testbed/browsers/chromium';
import { SettingsPage } from '../../testbed/browsers/chromium-pages';

// The Settings page with the keyboard alone: every control reachable with Tab, each showing
// where the focus is, and the form usable without a mouse.

let browser: ExtensionSession;
beforeAll(async () => {
  browser = await launchExtension();
});
afterAll(() => browser?.close());

interface Stop {
  control: string;
  /** The focus ring as drawn: outline style, width and colour. */
  ring: string;
  visible: boolean;
}

/** Presses Tab until the focus comes back round, recording each control it lands on. */
async function tabThrough(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return undefined;
      const style = getComputedStyle(el);
      const label = el.id
        ? document.querySelector(`label[for="${el.id}"]`)?.textContent
        : el.closest('label')?.textContent;
      const control = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} ${(label ?? el.textContent ?? '').trim()}`;
      const width = parseFloat(style.outlineWidth);
      const transparent = /rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor);
      return {
        control,
        ring: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        visible: style.outlineStyle !== 'none' && width >= 2 && !transparent,
      };
    });
    if (!stop) continue;
    if (stops.some((s) => s.control === stop.control)) break;
    stops.push(stop);
  }
  return stops;
}

/** Every control a user could operate on the page now (one per radio group). */
function operableControls(page: Page) {
  return page.evaluate(
    () =>
      [
        ...document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]'),
      ].filter((el) => {
        if ((el as HTMLButtonElement).disabled || el.getClientRects().length === 0) return false;
        const radio = el as HTMLInputElement;
        if (radio.type === 'radio')
          return (
            radio.checked ||
            !document.querySelector(`input[type=radio][name="${radio.name}"]:checked`)
          );
        return true;
      }).length,
  );
}

describe('Settings page by keyboard', () => {
  it('reaches every control of the page and the open account form with Tab, each with a visible focus ring', async () => {
    await browser.storeAccounts([
      {
        id: 'a',
        label: 'Home',
        baseUrl: 'https://api.teracloud.jp',
        userId: 'yamada',
        password: 'pw',
        apiKey: 'k',
        keyForm: 'header',
        notifications: true,
      },
    ]);
    const options = new SettingsPage(await browser.open('options'));
    await options.page.getByText('Home', { exact: true }).first().waitFor();
    const list = await tabThrough(options.page);
    expect(list.length).toBe(await operableControls(options.page));
    expect(list.filter((s) => !s.visible)).toEqual([]);

    await options.openNewAccount();
    const form = await tabThrough(options.page);
    expect(form.map((s) => s.control).slice(0, 11)).toEqual([
      'input Name (optional)',
      'select Server',
      'input User ID',
      'input[password] Apps password',
      'button[button] Show password',
      'input API key',
      "input[radio] Parameter in the address (;api_key=; the service's own servers)",
      'input[checkbox] Notifications for this account',
      'button[button] Test connection',
      'button[submit] Save',
      'button[button] Cancel',
    ]);
    expect(form.length).toBe(await operableControls(options.page));
    expect(form.filter((s) => !s.visible)).toEqual([]);
    await options.page.close();
  });

  it('works the account form without a mouse: toggle, choose, submit', async () => {
    const options = new SettingsPage(await browser.open('options'));
    await options.openNewAccount();
    const { page } = options;
    await page.getByLabel('Apps password').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await page.getByLabel('Apps password').getAttribute('type')).toBe('text');
    await page.getByRole('radio', { name: /Request header/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /Parameter in the address/ }).isChecked()).toBe(
      true,
    );
    await page.getByLabel('User ID').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Required.').first().waitFor();
    expect(await page.getByText('Required.').count()).toBe(3);
    await page.close();
  });
});
