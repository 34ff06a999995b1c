import { browser } from 'wxt/browser';
import { setupOpenedItem } from '../store/items';

/** The settings page's address at a place (a section, `setup`, an account's form: see lib/pages/place.ts). */
export const settingsPageUrl = (place: string): string =>
  browser.runtime.getURL(`/options.html#${place}`);

/**
 * The first run: on install (never on an update, nor the browser's), the settings page opens
 * in setup mode, which walks through what the service requires; once per install (the mark:
 * `setupOpenedItem`).
 */
export async function openSetupOnInstall({ reason }: { reason: string }): Promise<void> {
  if (reason !== 'install' || (await setupOpenedItem.getValue())) return;
  await setupOpenedItem.setValue(true);
  await browser.tabs.create({ url: settingsPageUrl('setup') });
}
