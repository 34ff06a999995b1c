import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { changeSession, forgetReplaced } from '@/lib/background/changes';
import type { Change } from '@/lib/store/changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { accountIdentity } from '@/lib/store/accounts';
import { recordCheck } from '@/lib/store/writes';
import { loadAccounts } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { dayOf } from '@/lib/basics/time';
import { account, NOW, snapshot } from '../../helpers/fixtures';
import { storeAccounts } from '../../helpers/harness';

// A page's change carried out (its checks stopped before the change is stored, its own hold ended
// with it, every outcome an answer), and what is stored about an account that is gone, or now
// signs in elsewhere, forgotten.

const alice = account({ id: 'a', userId: 'alice' });
const edit = (fields: Partial<typeof alice>, revision: string | null = revisionOf(alice)) =>
  ({ kind: 'edit-account', accountId: alice.id, fields, revision }) as const;

/**
 * A change carried out as its port's session carries it (held from its click, `session`: its own
 * page's, else one for the account it names), then closed: the answer, and the account it had
 * checked at once, if any.
 */
async function carryOut(
  inFlight: ChecksInFlight,
  change: Change,
  session?: ReturnType<typeof changeSession>,
) {
  let recheck: string | undefined;
  const page =
    session ??
    changeSession(inFlight, 'accountId' in change ? change.accountId : undefined, (id) => {
      recheck = id;
    });
  const answer = await page.carryOut(change);
  page.close();
  return { answer, recheck };
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

describe('carryOut', () => {
  it('stops the edited account’s checks under way before the change is stored, and answers with what is stored', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    const underWay = inFlight.begin(alice);
    const seen: boolean[] = [];
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((items) => {
      seen.push(underWay.signal.aborted);
      return set(items);
    });
    const moved = { ...alice, baseUrl: 'https://other.example' };
    const { answer } = await carryOut(inFlight, edit({ baseUrl: moved.baseUrl }));
    expect(seen).toEqual([true]);
    expect(answer).toEqual({ saved: moved });
    expect((await loadAccounts()).accounts).toEqual([moved]);
  });

  it('a change the store refuses is the page’s answer, and the checks of what stays stored go on', async () => {
    await fakeBrowser.storage.local.set({ accounts: [alice], accounts$: { v: 99 } });
    const inFlight = new ChecksInFlight();
    const { answer } = await carryOut(inFlight, { kind: 'remove-account', accountId: 'a' });
    expect(answer).toEqual({ refused: 'newer-version' });
    expect(inFlight.begin(alice).signal.aborted).toBe(false);
  });

  it('a change made from an older revision is answered with what is stored now; the checks of what stays stored go on', async () => {
    const newer = { ...alice, password: 'changed in another tab' };
    await storeAccounts([newer]);
    const inFlight = new ChecksInFlight();
    const { answer } = await carryOut(inFlight, edit({ label: 'Mine' }));
    expect(answer).toEqual({ newer });
    expect(inFlight.begin(newer).signal.aborted).toBe(false);
    expect((await loadAccounts()).accounts).toEqual([newer]);
  });

  it('any other failure is an answer too, named, never a thrown error (a page reads a missing answer as a lost one); something that is not an account stores nothing and stops nothing', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('disk full'));
    await expect(carryOut(inFlight, { kind: 'remove-account', accountId: 'a' })).resolves.toEqual({
      answer: { failed: 'disk full' },
      recheck: undefined,
    });
    vi.restoreAllMocks();
    expect(inFlight.begin(alice).signal.aborted).toBe(false); // what is stored stands
    const notAnAccount = {
      kind: 'edit-account',
      accountId: 'x',
      fields: {},
      revision: null,
    } as const;
    await expect(carryOut(inFlight, notAnAccount)).resolves.toEqual({
      answer: { failed: 'not an account' },
      recheck: undefined,
    });
    expect(inFlight.begin(alice).signal.aborted).toBe(false);
    expect((await loadAccounts()).accounts).toEqual([alice]);
  });

  it('a write that changes nothing leaves no announcement behind, though no storage change says so (the same save twice)', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    // Stores what is there already: Chromium fires no storage event for it, and nothing is written.
    await expect(carryOut(inFlight, edit({ label: alice.label }))).resolves.toEqual({
      answer: { saved: alice },
      recheck: undefined,
    });
    expect(set).not.toHaveBeenCalled();
    // The account moves to the address form another way (no announcement; the background hears
    // its storage change): the check with what is stored goes on.
    const fixed = { ...alice, keyForm: 'matrix' as const };
    inFlight.stored([fixed]);
    expect(inFlight.begin(fixed).signal.aborted).toBe(false);
  });

  it('ends its own page’s hold, not another page’s on the same account', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    const tabA = inFlight.hold(alice.id);
    const tabB = changeSession(inFlight, alice.id, () => {});
    const answer = await tabB.carryOut(edit({ label: 'B' }));
    expect(answer).toEqual({ saved: { ...alice, label: 'B' } });
    expect(inFlight.begin({ ...alice, label: 'B' }).signal.aborted).toBe(true); // tab A still holds
    tabA.release();
    expect(inFlight.begin({ ...alice, label: 'B' }).signal.aborted).toBe(false);
  });

  it('an account saved with new credentials (or added) is to be checked at once; one with only a new name or switch is not', async () => {
    await storeAccounts([alice]);
    const inFlight = new ChecksInFlight();
    const recheck = async (change: Change) => (await carryOut(inFlight, change)).recheck;
    expect(await recheck(edit({ label: 'Home', notifications: false }))).toBeUndefined();
    const renamed = { ...alice, label: 'Home', notifications: false };
    expect(await recheck(edit({ password: 'new' }, revisionOf(renamed)))).toBe(alice.id);
    const { id: _id, ...fields } = account({ id: 'b', userId: 'bob' });
    expect(await recheck({ kind: 'edit-account', accountId: 'b', fields, revision: null })).toBe(
      'b',
    );
  });
});

describe('forgetReplaced', () => {
  it('forgets the snapshot, history and log of a removed account and of one now signing in elsewhere; keeps the rest', async () => {
    const bob = account({ id: 'b', userId: 'bob' });
    const carol = account({ id: 'c', userId: 'carol' });
    await storeAccounts([alice, bob, carol]);
    for (const each of [alice, bob, carol]) {
      await recordCheck(each, {
        snapshot: () => ({ ...snapshot(40), identity: accountIdentity(each) }),
        reading: [dayOf(NOW), 1, 10],
        entry: { at: NOW, check: 'sign-in', trigger: 'schedule', outcome: 'ok' },
      });
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
