import type { ExtensionSession } from '../../testbed/browsers/chromium';

/** Every notification the extension shows, seen by polling and clearing them as a user would. */
export class NotificationLog {
  readonly seen: { id: string; at: number }[] = [];
  private timer?: NodeJS.Timeout;
  start(session: ExtensionSession) {
    const poll = async () => {
      const ids = await session
        .currentWorker()
        .evaluate(async () => {
          const ids = Object.keys(await chrome.notifications.getAll());
          for (const id of ids) await chrome.notifications.clear(id);
          return ids;
        })
        .catch(() => [] as string[]); // the worker may be restarting
      for (const id of ids) this.seen.push({ id, at: Date.now() });
      this.timer = setTimeout(() => void poll(), 250);
    };
    void poll();
  }
  stop() {
    clearTimeout(this.timer);
  }
  of(id: string) {
    return this.seen.filter((n) => n.id === id);
  }
}
