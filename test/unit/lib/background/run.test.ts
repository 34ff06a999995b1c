import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beginRun, oneAtATime } from '@/lib/background/run';
import { emptySnapshot } from '@/lib/store/account-state';
import { accountIdentity } from '@/lib/store/accounts';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, snapshot } from '../../helpers/fixtures';
import { storeAccounts } from '../../helpers/harness';
import { watchStorageReads } from '../../helpers/storage-reads';

describe('oneAtATime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs each piece of work after the one before has finished, in the order given', async () => {
    const serial = oneAtATime();
    const log: string[] = [];
    let release!: () => void;
    const first = serial(async () => {
      log.push('first begins');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('first ends');
      return 1;
    });
    const second = serial(async () => {
      log.push('second begins');
      return 2;
    });
    await vi.waitFor(() => expect(log).toEqual(['first begins']));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first begins', 'first ends', 'second begins']);
  });

  it('a piece that fails rejects for its caller, is logged, and the next one runs all the same', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serial = oneAtATime();
    const failed = serial(() => Promise.reject(new Error('broken')));
    const next = serial(async () => 'ran');
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('ran');
    expect(warn).toHaveBeenCalledWith('Storage Keeper: background task failed', expect.any(Error));
  });
});

describe('beginRun', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads storage once, and gives each account its snapshot: none stored, or one of other credentials, reads as empty', async () => {
    const alice = account({ id: 'a', userId: 'alice' });
    const bob = account({ id: 'b', userId: 'bob' });
    const carol = account({ id: 'c', userId: 'carol' });
    await storeAccounts([alice, bob, carol]);
    const aliceKnown = { ...snapshot(40), identity: accountIdentity(alice) };
    await fakeBrowser.storage.local.set({
      snapshots: { a: aliceKnown, b: { ...snapshot(60), identity: 'someone else' } },
    });
    const watch = watchStorageReads();
    const run = await beginRun('schedule');
    watch.stop();
    expect(watch.reads).toHaveLength(1);
    expect(run.why).toBe('schedule');
    expect(run.settings).toEqual(DEFAULT_SETTINGS);
    expect(run.accounts.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(run.snapshots.get('a')).toEqual(aliceKnown);
    expect(run.snapshots.get('b')).toEqual(emptySnapshot(accountIdentity(bob)));
    expect(run.snapshots.get('c')).toEqual(emptySnapshot(accountIdentity(carol)));
  });
});
