import { describe, expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/extension/messages';
import { loadAccounts } from '@/lib/store/reads';
import { revisionOf } from '@/lib/store/revision';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { clock, HOUR, snapshotOf, storeAccounts, backgroundSuite } from '../../helpers/harness';

const { sim, stored, freshBrowser, newWorker } = backgroundSuite({
  users: [demoAccount({ userId: 'carol' }, clock.now)],
});

describe('the one-click switch to the address form', () => {
  it("changes the stored account's key form, keeps the rest, and checks it at once", async () => {
    await freshBrowser();
    const carol = stored('carol', { keyForm: 'header' });
    await storeAccounts([carol, { id: 'damaged' }]);
    newWorker({ listening: true });
    // The worker's start checks the new account first (header form): that run is done before the switch.
    await vi.waitFor(async () =>
      expect((await snapshotOf(carol.id)).refresh.lastAttemptAt).toBeDefined(),
    );
    sim().requests.length = 0;
    clock.now += HOUR; // past the few seconds within which a manual check is not repeated
    await expect(
      sendMessage('useAddressForm', { accountId: carol.id, revision: revisionOf(carol) }),
    ).resolves.toEqual({});
    const { accounts, damaged } = await loadAccounts();
    expect(accounts).toEqual([{ ...carol, keyForm: 'matrix' }]);
    expect(damaged).toHaveLength(1);
    // Checked at once, every call now with the key in the address (the account change may also
    // have woken a scheduled run: the order of the calls is not the point).
    expect(sim().requests.some((r) => r.server === 'api')).toBe(true);
    expect(sim().requests.map((r) => r.keyVia)).toEqual(sim().requests.map(() => 'matrix'));
    expect((await snapshotOf(carol.id)).keepAlive.lastSuccessAt).toBe(clock.now);
  });

  it('on an account changed since the popup showed it: changes nothing, sends nothing, and answers that it is newer', async () => {
    await freshBrowser();
    const carol = stored('carol', { keyForm: 'header' });
    const newer = { ...carol, label: 'Renamed in Settings' };
    await storeAccounts([newer]);
    newWorker({ listening: true });
    await vi.waitFor(async () =>
      expect((await snapshotOf(carol.id)).refresh.lastAttemptAt).toBeDefined(),
    );
    sim().requests.length = 0;
    clock.now += HOUR;
    await expect(
      sendMessage('useAddressForm', { accountId: carol.id, revision: revisionOf(carol) }),
    ).resolves.toEqual({ newer: true });
    expect((await loadAccounts()).accounts).toEqual([newer]);
    expect(sim().requests).toEqual([]);
  });
});
