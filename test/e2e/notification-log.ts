import type { ExtensionSession } from '../../testbed/browsers/chromium';

/**
 * Every notification the extension shows, seen by polling and clearing them as a user would. A
 * notification stays until cleared, so a poll that fails (the worker restarting) loses nothing
 * as long as a later one succeeds; reading the log while the last poll failed, or before any
 * succeeded, throws, so "no notice" cannot pass on polls that never looked.
 */
export class NotificationLog {
  readonly seen: { id: string; at: number }[] = [];
  private timer?: NodeJS.Timeout;
  private looked = false;
  private lastError?: string;
  start(session: ExtensionSession) {
    const poll = async () => {
      try {
        const ids = await session.currentWorker().evaluate(async () => {
          const ids = Object.keys(await chrome.notifications.getAll());
          for (const id of ids) await chrome.notifications.clear(id);
          return ids;
        });
        for (const id of ids) this.seen.push({ id, at: Date.now() });
        [this.looked, this.lastError] = [true, undefined];
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : 'an unknown error';
      }
      this.timer = setTimeout(() => void poll(), 250);
    };
    void poll();
  }
  stop() {
    clearTimeout(this.timer);
  }
  of(id: string) {
    if (!this.looked) throw new Error('the notification log has not looked yet');
    if (this.lastError)
      throw new Error(`the notification log's last poll failed: ${this.lastError}`);
    return this.seen.filter((n) => n.id === id);
  }
}
