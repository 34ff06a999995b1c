import { storage } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';

/** The settings page's address at a place (a section, `setup`, an account's form: see components/options-place.ts). */
export const settingsPageUrl = (place: string): string => browser.runtime.getURL(`/options.html#${place}`);

/**
 * That the setup was opened for this install. Chromium reports an extension loaded from a folder
 * (`--load-extension`) as installed again at every start; the mark, stored with the extension's
 * data, keeps that from reopening it, and goes with an uninstall, so a new install opens it again.
 * Pure (lib/store/items.ts): the pages that link here do not define it.
 */
const setupOpened = /* @__PURE__ */ storage.defineItem<boolean>('local:setupOpened', { fallback: false });

/**
 * The first run: on install (never on an update, nor the browser's), the settings page opens
 * in setup mode, which walks through what the service requires; once per install.
 */
export async function openSetupOnInstall({ reason }: { reason: string }): Promise<void> {
  if (reason !== 'install' || (await setupOpened.getValue())) return;
  await setupOpened.setValue(true);
  await browser.tabs.create({ url: settingsPageUrl('setup') });
}
