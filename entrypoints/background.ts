import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundService, registerBackground } from '@/lib/background-service';
import { hasHostPermission } from '@/lib/permissions';
import { createServiceApi } from '@/lib/service-api';

export default defineBackground(() => {
  registerBackground(createBackgroundService({ api: createServiceApi(), canReach: hasHostPermission, now: () => Date.now() }));
});
