import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clock } from './harness';

/** A notification as the background created it, and when on the test's clock. */
export interface ShownNotice {
  id: string;
  title: string;
  message: string;
  at: number;
}

/** Every notification shown from now on, in order: the list fills as the background creates them. */
export function recordNotices(): ShownNotice[] {
  const shown: ShownNotice[] = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
    id: string,
    options: { title: string; message: string },
  ) => {
    shown.push({ id, title: options.title, message: options.message, at: clock.now });
    return id;
  }) as never);
  return shown;
}
