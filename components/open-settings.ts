import { browser } from 'wxt/browser';
import { settingsPageUrl } from '@/lib/settings-page';

/** Goes to a place in the settings page: in place when already there, else in a new tab (from the popup). */
export function openSettingsAt(place: string): void {
  if (location.href.startsWith(settingsPageUrl(''))) location.hash = place;
  else void browser.tabs.create({ url: settingsPageUrl(place) });
}
