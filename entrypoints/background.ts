import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { openNoticeTarget } from '@/lib/background/display';
import { openSetupOnInstall } from '@/lib/extension/settings-page';
import { createBackgroundService, type BackgroundService } from '@/lib/background/events';
import { onMessages } from '@/lib/extension/messages';
import { onChanges } from '@/lib/extension/change-port';
import { hasHostPermission } from '@/lib/extension/permissions';
import { createServiceApi } from '@/lib/service/client';
import { accountsItem, settingsItem } from '@/lib/store/items';

export default defineBackground(() => {
  registerBackground(
    createBackgroundService({
      api: createServiceApi(),
      canReach: hasHostPermission,
      now: () => Date.now(),
    }),
  );
});

/**
 * The browser events Storage Keeper answers, each wired to the background service. Every
 * listener is registered synchronously, at once: MV3 drops the events whose listener comes late.
 * Returns how to unwire them (tests start and stop workers).
 */
export function registerBackground(service: BackgroundService): () => void {
  const onAlarm = (alarm: { name: string }) => service.onAlarm(alarm.name);
  const onStartup = () => service.start('browser-start');
  const onClicked = (id: string) => openNoticeTarget(id);
  const onPermissionsAdded = () => service.onPermissionsAdded();
  const onInstalled = (details: { reason: string }) =>
    openSetupOnInstall(details).catch(() => undefined);
  browser.alarms.onAlarm.addListener(onAlarm);
  browser.permissions.onAdded.addListener(onPermissionsAdded);
  browser.runtime.onStartup.addListener(onStartup);
  browser.runtime.onInstalled.addListener(onInstalled);
  browser.notifications.onClicked.addListener(onClicked);
  const stops = [
    onMessages({
      checkNow: service.checkNow,
      testConnection: service.testConnection,
      useAddressForm: service.useAddressForm,
    }),
    onChanges(service.beginChange),
    settingsItem.watch(() => void service.reschedule()),
    accountsItem.watch((stored) => void service.accountsChanged(stored)),
    () => browser.alarms.onAlarm.removeListener(onAlarm),
    () => browser.runtime.onStartup.removeListener(onStartup),
    () => browser.runtime.onInstalled.removeListener(onInstalled),
    () => browser.notifications.onClicked.removeListener(onClicked),
    () => browser.permissions.onAdded.removeListener(onPermissionsAdded),
  ];
  void service.start('worker-start');
  return () => stops.forEach((stop) => stop());
}
