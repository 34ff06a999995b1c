import type { Simulator } from './simulator';

/**
 * The requests that reached `sim` and that the client started later than `time` (ms on the
 * machine's clock), each as "server +N ms": dated when the client opened the request's
 * connection, not when the simulator got to its headers, so a request sent just before a click
 * counts before it however late a busy simulator reads it. Where the browser's DevTools cannot
 * see the extension's requests (Firefox), this is how "nothing after the click" is counted:
 *
 *     const sim = await startSimulator({ accounts, oneRequestPerConnection: true });
 *     ... const clickedAt = Date.now(); click; wait for what must happen ...
 *     expect(requestsStartedAfter(sim, clickedAt)).toEqual([]);
 *
 * A request on a connection kept alive from an earlier one cannot be dated (it started some time
 * after the connection opened): one that arrived after `time` throws, so start the simulator with
 * `oneRequestPerConnection`.
 */
export function requestsStartedAfter(sim: Simulator, time: number): string[] {
  const undated = sim.requests.filter((r) => r.onConnection > 1 && r.atMs > time);
  if (undated.length > 0)
    throw new Error(
      `${undated.length} request(s) came on a kept-alive connection and cannot be dated: start the simulator with oneRequestPerConnection`,
    );
  return sim.requests
    .filter((r) => r.connectedAtMs > time)
    .map((r) => `${r.server} +${r.connectedAtMs - time} ms`);
}
