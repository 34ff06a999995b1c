import { describe, expect, it } from 'vitest';
import { type Account } from '@/lib/store/accounts';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/store/settings';
import { revisionOf } from '@/lib/store/revision';
import {
  NewerStored,
  planAccountEdit,
  planSettingsEdit,
  UnplannableChange,
} from '@/lib/store/changes';
import { type AccountFields } from '@/lib/store/fields';
import { account, workAccount } from '../../helpers/fixtures';

// The background's planners: what a page's change (what the user did, from the revision their
// form or preview showed) becomes over what is stored when it runs. A change made from an older
// read never undoes a newer one: it is refused with what is stored now, unless what is stored
// already is what it asks (the same change arriving twice). Imports: import-plan.test.ts.

const home = account();
const work = workAccount();

/** What the planner throws, or undefined: the refusal a page reads. */
function refusal(plan: () => unknown): unknown {
  try {
    plan();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('an account’s edit', () => {
  const edit = (fields: Partial<AccountFields>, revision: string | null, accountId = home.id) =>
    ({ kind: 'edit-account', accountId, fields, revision }) as const;

  it('over the revision it began from: those fields change, the rest is as stored', () => {
    expect(planAccountEdit(home, edit({ label: 'House' }, revisionOf(home)))).toEqual({
      ...home,
      label: 'House',
    });
  });

  it('from an older revision: refused with the stored account, which stays as it is', () => {
    const newer = { ...home, baseUrl: 'https://api.infini-cloud.net', keyForm: 'matrix' as const };
    const error = refusal(() => planAccountEdit(newer, edit({ label: 'House' }, revisionOf(home))));
    expect(error).toBeInstanceOf(NewerStored);
    expect((error as NewerStored<Account>).stored).toEqual(newer);
  });

  it('from an older revision whose changed fields are all stored already (the same save twice): stands', () => {
    const first = planAccountEdit(home, edit({ label: 'House' }, revisionOf(home)));
    expect(planAccountEdit(first, edit({ label: 'House' }, revisionOf(home)))).toEqual(first);
    // The same fields and one more: another change, refused.
    expect(
      refusal(() =>
        planAccountEdit(first, edit({ label: 'House', notifications: false }, revisionOf(home))),
      ),
    ).toBeInstanceOf(NewerStored);
  });

  it('Keep mine (the same fields over the newer revision) changes only those fields', () => {
    const newer = { ...home, password: 'changed elsewhere', notifications: false };
    const mine = { label: 'House', apiKey: 'my-key' };
    expect(refusal(() => planAccountEdit(newer, edit(mine, revisionOf(home))))).toBeInstanceOf(
      NewerStored,
    );
    expect(planAccountEdit(newer, edit(mine, revisionOf(newer)))).toEqual({ ...newer, ...mine });
  });

  it('a new account (revision null): added; refused when its id is stored meanwhile', () => {
    const { id: _id, ...every } = work;
    expect(planAccountEdit(undefined, edit(every, null, work.id))).toEqual(work);
    const other = { ...work, label: 'Someone else’s' };
    expect(
      (refusal(() => planAccountEdit(other, edit(every, null, work.id))) as NewerStored<Account>)
        .stored,
    ).toEqual(other);
  });

  it('of an account removed meanwhile: refused with nothing stored (null)', () => {
    const error = refusal(() => planAccountEdit(undefined, edit({ label: 'x' }, revisionOf(home))));
    expect(error).toBeInstanceOf(NewerStored);
    expect((error as NewerStored<null>).stored).toBeNull();
  });

  it('that would store no account (a new one missing fields): cannot be planned', () => {
    expect(refusal(() => planAccountEdit(undefined, edit({ label: 'x' }, null)))).toBeInstanceOf(
      UnplannableChange,
    );
  });

  it('the popup’s key-in-address: on the revision it showed, only the key form changes; on an older one, nothing', () => {
    const fix = (revision: string) =>
      ({ kind: 'key-in-address', accountId: home.id, revision }) as const;
    expect(planAccountEdit(home, fix(revisionOf(home)))).toEqual({ ...home, keyForm: 'matrix' });
    const newer = { ...home, apiKey: 'key-2' };
    const error = refusal(() => planAccountEdit(newer, fix(revisionOf(home))));
    expect(error).toBeInstanceOf(NewerStored);
    expect((error as NewerStored<Account>).stored).toEqual(newer);
  });
});

describe('the settings’ edit', () => {
  const edit = (fields: Partial<Settings>, revision: string) =>
    ({ kind: 'edit-settings', fields, revision }) as const;

  it('over the revision it began from: the fields sent change, the rest is as stored', () => {
    expect(
      planSettingsEdit(
        DEFAULT_SETTINGS,
        edit({ usageUpdateMinutes: 60 }, revisionOf(DEFAULT_SETTINGS)),
      ),
    ).toEqual({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 });
  });

  it('from older settings: refused with the stored ones, unless they already hold every field sent', () => {
    const newer = { ...DEFAULT_SETTINGS, signInHours: 12 };
    const old = revisionOf(DEFAULT_SETTINGS);
    const error = refusal(() => planSettingsEdit(newer, edit({ usageUpdateMinutes: 60 }, old)));
    expect(error).toBeInstanceOf(NewerStored);
    expect((error as NewerStored<Settings>).stored).toEqual(newer);
    expect(planSettingsEdit(newer, edit({ signInHours: 12 }, old))).toEqual(newer);
  });

  it('Keep mine with only some fields over newer settings: those change, the newer ones stay', () => {
    const newer = { ...DEFAULT_SETTINGS, signInHours: 12, notifyUsage: false };
    expect(
      planSettingsEdit(
        newer,
        edit({ usageUpdateMinutes: 60, warningPercent: 80 }, revisionOf(newer)),
      ),
    ).toEqual({ ...newer, usageUpdateMinutes: 60, warningPercent: 80 });
  });

  it('a value that may not be stored: cannot be planned', () => {
    const stored = DEFAULT_SETTINGS;
    for (const fields of [{ usageUpdateMinutes: 1 }, { warningPercent: 99 }])
      expect(refusal(() => planSettingsEdit(stored, edit(fields, revisionOf(stored))))).toEqual(
        expect.any(UnplannableChange),
      );
  });
});
