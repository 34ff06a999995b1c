import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beginRun } from '@/lib/background/run';
import { emptySnapshot } from '@/lib/store/account-state';
import { accountIdentity } from '@/lib/store/accounts';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account, snapshot } from '../../helpers/fixtures';
import { storeAccounts } from '../../helpers/harness';
import { watchStorageReads } from '../../helpers/storage-reads';

describe('beginRun', () => {
  beforeEach(() => fakeBrowser.reset());

  it("upgrades the first draft's single account to the list (the one writer does it, not a page), then runs with it", async () => {
    const v1 = { baseUrl: 'https://api.teracloud.jp', userId: 'me', password: 'pw', apiKey: 'key' };
    await fakeBrowser.storage.local.set({ accounts: v1 });
    const run = await beginRun('schedule');
    expect(run.accounts).toEqual([expect.objectContaining({ userId: 'me', apiKey: 'key' })]);
    expect((await fakeBrowser.storage.local.get('accounts$')).accounts$).toEqual({ v: 2 });
  });

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
