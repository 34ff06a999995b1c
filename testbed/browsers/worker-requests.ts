import type { CDPSession, Page } from 'playwright-core';
import type { ExtensionSession } from './chromium';

/** A request the extension's service worker started, as Chromium's DevTools protocol saw it. */
export interface WorkerRequest {
  url: string;
  /** When the worker started it (the protocol's wallTime), in ms on the machine's clock. */
  startedAt: number;
}

/**
 * Every request the extension's service worker starts from now on, dated when the worker started
 * it, not when it reached a server: a request sent just before a click counts before it however
 * late a busy simulator notes it, and one sent just after counts after it however early. Use:
 *
 *     const requests = await watchWorkerRequests(browser);
 *     const clickedAt = await clickAt(page, 'Save');
 *     ... wait for what must happen ...
 *     expect(requests.startedAfter(clickedAt, oldServer.apiUrl)).toEqual([]);
 *     await requests.stop();
 *
 * It attaches to the worker's DevTools target (Network.requestWillBeSent). A worker that stops
 * and restarts while watched could send its first requests before it is attached again, so
 * `startedAfter` throws if the worker it watched went away. The extension's pages given in
 * `pages` (a Settings tab's Test connection) are watched the same way.
 */
export async function watchWorkerRequests(session: ExtensionSession, pages: Page[] = []) {
  const page = session.context.pages()[0] ?? (await session.context.newPage());
  const cdp: CDPSession = await session.context.newCDPSession(page);
  const ours = `chrome-extension://${session.extensionId}/`;
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(ours));
  if (!worker) throw new Error('The extension has no running service worker to watch');
  const seen: WorkerRequest[] = [];
  let gone = false;
  cdp.on('Target.detachedFromTarget', ({ targetId }) => {
    if (targetId === worker.targetId) gone = true;
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const event = JSON.parse(message) as {
      method?: string;
      params?: { request: { url: string }; wallTime: number };
    };
    if (event.method === 'Network.requestWillBeSent' && event.params)
      seen.push({ url: event.params.request.url, startedAt: event.params.wallTime * 1000 });
  });
  // Not flattened: Playwright's session sends no sessionId, so the worker's own session is reached through Target messages.
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  });
  const enabled = new Promise<void>((resolve) =>
    cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
      if ((JSON.parse(message) as { id?: number }).id === 1) resolve();
    }),
  );
  await cdp.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id: 1, method: 'Network.enable', params: {} }),
  });
  await enabled;
  const pageSessions = await Promise.all(
    pages.map(async (tab) => {
      const pageCdp = await session.context.newCDPSession(tab);
      pageCdp.on('Network.requestWillBeSent', ({ request, wallTime }) =>
        seen.push({ url: request.url, startedAt: wallTime * 1000 }),
      );
      await pageCdp.send('Network.enable');
      return pageCdp;
    }),
  );

  return {
    /** Every request seen so far. */
    all: (): readonly WorkerRequest[] => seen,
    /** The requests (to URLs starting with `urlPrefix`, if given) started later than `time`, each as "URL +N ms". */
    startedAfter(time: number, urlPrefix = ''): string[] {
      if (gone)
        throw new Error('The watched service worker went away: its successor is not watched');
      return seen
        .filter((r) => r.startedAt > time && r.url.startsWith(urlPrefix))
        .map((r) => `${r.url} +${Math.round(r.startedAt - time)} ms`);
    },
    async stop() {
      await Promise.all([cdp, ...pageSessions].map((s) => s.detach().catch(() => undefined)));
    },
  };
}

export type WorkerRequests = Awaited<ReturnType<typeof watchWorkerRequests>>;
