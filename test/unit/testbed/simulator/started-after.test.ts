import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type Simulator,
} from '../../../../testbed/simulator/simulator';
import { requestsStartedAfter } from '../../../../testbed/simulator/started-after';

// "Nothing after the click", counted at the simulator over HTTP on 127.0.0.1: each request dated
// by when its connection was opened, so a request started before a moment counts before it
// however late its headers arrive, and one started after it counts after it.

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
});

/** Opens a connection now; `send` writes a getUser request on it later. */
async function openConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const answered = new Promise((resolve) => socket.once('data', resolve));
  return {
    async send() {
      socket.write(`GET ${USER_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      await answered;
      socket.destroy();
    },
  };
}

describe('requestsStartedAfter', () => {
  it('dates a request by its connection: one opened before the moment counts before it, however late it arrives; one started after is listed', async () => {
    sim = await startSimulator({ accounts: [demoAccount()], oneRequestPerConnection: true });
    const port = Number(new URL(sim.apiUrl).port);
    const early = await openConnection(port);
    const moment = Date.now() + 1; // strictly after the connection opened
    await expect.poll(() => Date.now()).toBeGreaterThan(moment);
    await early.send(); // its headers arrive after the moment
    expect(sim.requests[0]!.atMs).toBeGreaterThan(moment);
    expect(requestsStartedAfter(sim, moment)).toEqual([]);

    await fetch(`${sim.apiUrl}${USER_PATH}`);
    expect(requestsStartedAfter(sim, moment)).toEqual([expect.stringMatching(/^api \+\d+ ms$/)]);
  });

  it('refuses to date a request on a kept-alive connection', async () => {
    sim = await startSimulator({ accounts: [demoAccount()] });
    const moment = Date.now() - 1;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 2; i++)
      await new Promise((resolve) =>
        get(`${sim!.apiUrl}${USER_PATH}`, { agent }, (res) => res.resume().on('end', resolve)),
      );
    agent.destroy();
    expect(sim.requests.map((r) => r.onConnection)).toEqual([1, 2]);
    expect(() => requestsStartedAfter(sim!, moment)).toThrow(/oneRequestPerConnection/);
  });
});
