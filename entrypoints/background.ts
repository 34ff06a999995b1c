import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundService } from '@/lib/background-service';
import { onMessages } from '@/lib/messages';
import { openNoticeTarget } from '@/lib/notifications';
import { hasHostPermission } from '@/lib/permissions';
import { createServiceApi } from '@/lib/service-api';
import { accountsItem, settingsItem } from '@/lib/storage-items';

export default defineBackground(() => {
  const service = createBackgroundService({ api: createServiceApi(), canReach: hasHostPermission, now: () => Date.now() });
  // Every listener is registered synchronously here: MV3 drops events whose listener comes late.
  browser.alarms.onAlarm.addListener((alarm) => void service.onAlarm(alarm.name));
  browser.runtime.onStartup.addListener(() => void service.start('browser-start'));
  browser.notifications.onClicked.addListener((id) => void openNoticeTarget(id));
  onMessages(service.handlers);
  settingsItem.watch(() => void service.reschedule());
  accountsItem.watch(() => void service.reschedule());
  void service.start('worker-start');
});
