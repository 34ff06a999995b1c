import { createContext } from 'preact';
import { browser } from 'wxt/browser';
import { settingsPageUrl } from '@/lib/extension/settings-page';

/** Opens the settings page at a place (see lib/pages/place.ts) in a new tab: how the popup goes there. */
export function openSettingsAt(place: string): void {
  void browser.tabs.create({ url: settingsPageUrl(place) });
}

/** How a component goes to a place in the settings page: the settings page itself provides "in place". */
export const OpenSettings = createContext<(place: string) => void>(openSettingsAt);
