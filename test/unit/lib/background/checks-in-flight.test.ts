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
