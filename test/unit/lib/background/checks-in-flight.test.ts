import { describe, expect, it } from 'vitest';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { ACCOUNT_DEFAULTS, type Account } from '@/lib/store/accounts';

const account = (fields: Partial<Account> = {}): Account => ({
  ...ACCOUNT_DEFAULTS,
  id: 'a',
  baseUrl: 'https://api.teracloud.jp',
  userId: 'alice',
  password: 'pw',
  apiKey: 'key',
  keyForm: 'header',
  ...fields,
});

describe('the checks in flight', () => {
  it('a check under way stops the moment its account is about to be stored with other credentials', () => {
    const checks = new ChecksInFlight();
    const stop = checks.begin(account());
    expect(stop.signal.aborted).toBe(false);
    checks.willStore([account({ baseUrl: 'https://api.infini-cloud.net' })]);
    expect(stop.signal.aborted).toBe(true);
  });

  it('a check that begins after the edit was heard, with what an earlier read said, is stopped before it sends', () => {
    const checks = new ChecksInFlight();
    checks.willStore([account({ password: 'new' })]);
    expect(checks.begin(account()).signal.aborted).toBe(true);
    expect(checks.begin(account({ password: 'new' })).signal.aborted).toBe(false);
  });

  it('a new name, switch or other account stops nothing', () => {
    const checks = new ChecksInFlight();
    const stop = checks.begin(account());
    checks.willStore([
      account({ label: 'Home', notifications: false }),
      account({ id: 'b', userId: 'bob' }),
    ]);
    checks.stored([
      account({ label: 'Home', notifications: false }),
      account({ id: 'b', userId: 'bob' }),
    ]);
    expect(stop.signal.aborted).toBe(false);
  });

  it('a removal stops the account’s checks, announced or only stored (by another page, an import, Remove all data)', () => {
    const announced = new ChecksInFlight();
    const first = announced.begin(account());
    announced.willStore([], ['a']);
    expect(first.signal.aborted).toBe(true);

    const storedOnly = new ChecksInFlight();
    const second = storedOnly.begin(account());
    storedOnly.stored([account({ id: 'b' })]);
    expect(second.signal.aborted).toBe(true);
    // Read before the removal, begun after it was heard: stopped before it sends.
    expect(storedOnly.begin(account()).signal.aborted).toBe(true);
  });

  it('an announced edit wins over an older storage change heard before its own', () => {
    const checks = new ChecksInFlight();
    checks.willStore([account({ password: 'new' })]);
    checks.stored([account()]); // the change of an earlier write, heard late
    expect(checks.begin(account()).signal.aborted).toBe(true);
    checks.stored([account({ password: 'new' })]);
    checks.stored([account({ password: 'newer' })]); // later changed by another page
    expect(checks.begin(account({ password: 'new' })).signal.aborted).toBe(true);
  });

  it('an edit refused by storage stops nothing more: the stored account goes on', () => {
    const checks = new ChecksInFlight();
    checks.willStore([account({ password: 'new' })]);
    checks.notStored(['a']);
    expect(checks.begin(account()).signal.aborted).toBe(false);
  });

  it('a check that ended is not stopped later', () => {
    const checks = new ChecksInFlight();
    const stop = checks.begin(account());
    checks.end(stop);
    checks.willStore([account({ password: 'new' })]);
    expect(stop.signal.aborted).toBe(false);
  });
});

describe('holds, per page', () => {
  it('a held account’s checks stop and none begins, until the hold is released', () => {
    const checks = new ChecksInFlight();
    const underWay = checks.begin(account());
    const hold = checks.hold('a');
    expect(underWay.signal.aborted).toBe(true);
    expect(checks.begin(account()).signal.aborted).toBe(true);
    expect(checks.begin(account({ id: 'b' })).signal.aborted).toBe(false);
    hold.release();
    expect(checks.begin(account()).signal.aborted).toBe(false);
  });

  it('another page’s change of the account ends only its own hold: the first page’s still stops the old server’s checks', () => {
    const checks = new ChecksInFlight();
    const tabA = checks.hold('a'); // tab A's Save, its permission prompt open
    const tabB = checks.hold('a');
    const moved = account({ baseUrl: 'https://api.infini-cloud.net' });
    checks.willStore([moved], [], tabB); // tab B's change of the same account is stored
    checks.stored([moved]);
    expect(checks.begin(moved).signal.aborted).toBe(true);
    checks.willStore([account({ baseUrl: 'https://other.example' })], [], tabA);
    expect(checks.begin(account({ baseUrl: 'https://other.example' })).signal.aborted).toBe(false);
  });

  it('a hold given up (its page closed) ends that page’s hold only', () => {
    const checks = new ChecksInFlight();
    const tabA = checks.hold('a');
    const tabB = checks.hold('a');
    tabB.release();
    tabB.release(); // released twice (its change, then its port's close): still only its own
    expect(checks.begin(account()).signal.aborted).toBe(true);
    tabA.release();
    expect(checks.begin(account()).signal.aborted).toBe(false);
  });

  it('a Test connection of an account (a new one’s draft too) stops at a Save of that account, not of another', async () => {
    const checks = new ChecksInFlight();
    const signals: AbortSignal[] = [];
    const tests = ['draft', 'other'].map((id) =>
      checks.trackTest(id, (stop) => {
        signals.push(stop);
        return new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve()));
      }),
    );
    const hold = checks.hold('draft'); // the new account's Save, with the draft's id
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    await tests[0];
    await checks.trackTest('draft', async (stop) => expect(stop.aborted).toBe(true));
    hold.release();
    checks.willStore([], ['other']);
    await Promise.all(tests);
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });

  it('a change of no one account (an import, Remove all data) holds every account’s checks and tests until its own change', async () => {
    const checks = new ChecksInFlight();
    const underWay = [checks.begin(account()), checks.begin(account({ id: 'b' }))];
    let testSignal: AbortSignal | undefined;
    const test = checks.trackTest('draft', async (stop) => void (testSignal = stop));
    await test; // begun before the click: its signal is the one the click must stop
    const testing = checks.trackTest(
      'another draft',
      (stop) =>
        new Promise<boolean>((resolve) => stop.addEventListener('abort', () => resolve(true))),
    );
    const removeAll = checks.hold();
    expect(underWay.map((stop) => stop.signal.aborted)).toEqual([true, true]);
    expect(await testing).toBe(true); // a test under way stopped at the click
    expect(checks.begin(account({ id: 'c' })).signal.aborted).toBe(true);
    await checks.trackTest('draft', async (stop) => expect(stop.aborted).toBe(true));
    expect(testSignal?.aborted).toBe(false); // a test that ended is not stopped later
    checks.willStore([], [], removeAll); // an import that changed nothing: the hold ends with it
    expect(checks.begin(account({ id: 'c' })).signal.aborted).toBe(false);
  });
});
