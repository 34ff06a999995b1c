import { describe, expect, it } from 'vitest';
import { ALARM } from '@/lib/store/stored-names';
import { demoAccount } from '../../../testbed/simulator/simulator';
import {
  clock,
  countRequests,
  fireAlarm,
  MINUTE,
  snapshotOf,
  backgroundSuite,
} from '../helpers/harness';

// The node server getUser names is cached; a node that stops answering is looked up again,
// and looking it up never sends getUser sooner than getUser's own backoff allows.

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'alice' })],
});
const alice = () => stored('alice');

describe('the node server', () => {
  it('that stops resolving (a network failure) is read again from getUser', async () => {
    let nodeUnreachable = false;
    // As when the node's name no longer resolves: the request fails before reaching any server.
    const fetch: typeof globalThis.fetch = (input, init) =>
      nodeUnreachable && (input as string | URL).toString().startsWith(sim().nodeUrl)
        ? Promise.reject(new TypeError('fetch failed'))
        : globalThis.fetch(input, init);
    await freshBrowser([alice()]);
    const worker = newWorker({ fetch, listening: true });
    await worker.start('worker-start');
    nodeUnreachable = true;
    clock.now += 30 * MINUTE;
    await fireAlarm(ALARM.usageUpdate);
    const failed = await snapshotOf('id-alice');
    expect(failed.refresh.failure).toEqual({ kind: 'network' });
    expect(failed.nodeStale).toBe(true);
    nodeUnreachable = false;
    sim().requests.length = 0;
    clock.now = failed.refresh.retryAt!;
    await fireAlarm(ALARM.retry);
    expect(sim().requests.map((r) => r.server)).toEqual(['api', 'node']);
    expect((await snapshotOf('id-alice')).nodeStale).toBeFalsy();
  });

  it('unknown, is not looked up by a usage update while getUser is backing off', async () => {
    sim().setFault('api', 'server-error');
    await freshBrowser([alice()]);
    const worker = newWorker({ listening: true });
    await worker.start('worker-start');
    // The sign-in failed; the usage update that follows needs the node, and waits for the retry.
    expect(countRequests(sim(), 'api')).toBe(1);
    const { keepAlive, refresh } = await snapshotOf('id-alice');
    expect(refresh.failure).toEqual({ kind: 'server-error', status: 500 });
    clock.now = keepAlive.retryAt! - 1;
    await fireAlarm(ALARM.usageUpdate);
    expect(countRequests(sim(), 'api')).toBe(1);
    sim().setFault('api', undefined);
    clock.now = keepAlive.retryAt!;
    await fireAlarm(ALARM.retry);
    expect(sim().requests.map((r) => [r.server, r.status])).toEqual([
      ['api', 500],
      ['api', 200],
    ]); // the usage update keeps its own retry
  });
});
