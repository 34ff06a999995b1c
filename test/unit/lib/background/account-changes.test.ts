import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { changeAccounts, forgetReplaced } from '@/lib/background/account-changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { accountIdentity } from '@/lib/store/accounts';
import { addReading, logActivity, recordSnapshot, StorageLockedError } from '@/lib/store/writes';
import { dayOf } from '@/lib/basics/time';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { storeAccounts } from '../../helpers/harness';

// The accounts changed for a page (its checks stopped before the change is stored), and what is
// stored about an account that is gone, or now signs in elsewhere, forgotten.

const alice = account({ id: 'a', userId: 'alice' });

describe('changeAccounts', () => {
  it('stops the edited account’s checks under way before the change is stored, and says it was saved', async () => {
    const inFlight = new ChecksInFlight();
    const underWay = inFlight.begin(alice);
    const seen: boolean[] = [];
    const answer = await changeAccounts(
      inFlight,
      [{ ...alice, baseUrl: 'https://other.example' }],
      [],
      async () => void seen.push(underWay.signal.aborted),
    );
    expect(seen).toEqual([true]);
    expect(answer).toEqual({ saved: true });
  });

  it('a change the store refuses is the page’s answer, and the checks of what stays stored go on', async () => {
    const inFlight = new ChecksInFlight();
    const answer = await changeAccounts(inFlight, [], ['a'], () =>
      Promise.reject(new StorageLockedError('newer-version')),
    );
    expect(answer).toEqual({ refused: 'newer-version' });
    expect(inFlight.begin(alice).signal.aborted).toBe(false);
  });

  it('any other failure is an answer too, named, never a thrown error (a page reads a missing answer as a lost one); something that is not an account stores nothing and stops nothing', async () => {
    const inFlight = new ChecksInFlight();
    await expect(
      changeAccounts(inFlight, [], ['a'], () => Promise.reject(new Error('disk full'))),
    ).resolves.toEqual({ failed: 'disk full' });
    const underWay = inFlight.begin(alice);
    let wrote = false;
    const notAnAccount = { id: 'x' } as unknown as typeof alice;
    await expect(
      changeAccounts(inFlight, [notAnAccount], [], async () => void (wrote = true)),
    ).resolves.toEqual({ failed: 'not an account' });
    expect([wrote, underWay.signal.aborted]).toEqual([false, false]);
  });

  it('a write that changes nothing leaves no announcement behind, though no storage change says so (an import of what is stored)', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    const sameAgain = { ...alice };
    // The write stores what is there already: Chromium fires no storage event for it.
    await expect(changeAccounts(inFlight, [sameAgain], [], async () => {})).resolves.toEqual({
      saved: true,
    });
    // The account moves to the address form another way (no announcement; the background hears
    // its storage change): the check with what is stored goes on.
    const fixed = { ...alice, keyForm: 'matrix' as const };
    inFlight.stored([fixed]);
    expect(inFlight.begin(fixed).signal.aborted).toBe(false);
  });
});

describe('forgetReplaced', () => {
  beforeEach(() => fakeBrowser.reset());

  it('forgets the snapshot, history and log of a removed account and of one now signing in elsewhere; keeps the rest', async () => {
    const bob = account({ id: 'b', userId: 'bob' });
    const carol = account({ id: 'c', userId: 'carol' });
    await storeAccounts([alice, bob, carol]);
    for (const each of [alice, bob, carol]) {
      await recordSnapshot(each, () => ({ ...snapshot(40), identity: accountIdentity(each) }));
      await addReading(each.id, accountIdentity(each), [dayOf(NOW), 1, 10]);
      await logActivity(
        each.id,
        accountIdentity(each),
        { at: NOW, check: 'sign-in', trigger: 'schedule', outcome: 'ok' },
        NOW,
      );
    }
    const stored = async () =>
      Promise.all(
        ['snapshots', 'history', 'activity'].map(async (key) =>
          Object.keys((await fakeBrowser.storage.local.get(key))[key] ?? {}).sort(),
        ),
      );
    expect(await stored()).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    // Bob now signs in as someone else; Carol is gone.
    await forgetReplaced([alice, { ...bob, userId: 'robert' }]);
    expect(await stored()).toEqual([['a'], ['a'], ['a']]);
  });
});
