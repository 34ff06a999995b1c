import { describe, expect, it } from 'vitest';
import { accountIdentity, type Account } from '@/lib/store/accounts';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { importBasis, planImport, type ImportedFile } from '@/lib/store/import-plan';
import { parseExportFile } from '@/lib/input/export-file';
import { account, workAccount } from '../../helpers/fixtures';

// An import planned over what is stored: it adds, updates and leaves alone, and removes nothing;
// the basis its preview names changes exactly when what it depends on does.

const home = account();
const work = workAccount();
const ids = (() => {
  let n = 0;
  return () => `new-${++n}`;
})();

describe('the plan of an import', () => {
  const parse = (accounts: unknown[], settings?: unknown) => {
    const parsed = parseExportFile(
      JSON.stringify({
        format: 'storage-keeper-settings',
        version: 1,
        accounts,
        ...(settings !== undefined && { settings }),
      }),
      DEFAULT_SETTINGS,
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    return parsed.file;
  };

  it('adds new accounts (without secrets: incomplete), updates the same server and user ID, leaves the rest alone', () => {
    const file = parse([
      { baseUrl: 'https://api.teracloud.jp', userId: 'yamada', label: 'Home, renamed' }, // home, without secrets
      { baseUrl: 'https://api.teracloud.jp', userId: 'work', label: 'Work', keyForm: 'matrix' }, // the same as stored
      { baseUrl: 'https://api.infini-cloud.net', userId: 'yamada', label: 'Elsewhere' }, // same user, another server: new
    ]);
    const other: Account = account({ id: 'other', label: 'Other', userId: 'other' });
    const plan = planImport(file, [home, work, other], DEFAULT_SETTINGS, ids);
    expect(plan.updated).toEqual([{ ...home, label: 'Home, renamed' }]); // its password and key are kept
    // A preset server without a key form in the file gets the address form, as a new account there does.
    expect(plan.added).toEqual([
      {
        id: expect.stringMatching(/^new-/),
        label: 'Elsewhere',
        baseUrl: 'https://api.infini-cloud.net',
        userId: 'yamada',
        password: '',
        apiKey: '',
        keyForm: 'matrix',
        notifications: true,
      },
    ]);
    expect(plan.leftAlone).toEqual([work, other]);
    expect(plan.settings).toBeUndefined();
  });

  it('takes the secrets a file brings, for new and known accounts alike', () => {
    const file = parse([
      { baseUrl: home.baseUrl, userId: 'yamada', password: 'renewed', apiKey: ' new-key ' },
    ]);
    expect(planImport(file, [home], DEFAULT_SETTINGS, ids).updated).toEqual([
      { ...home, password: 'renewed', apiKey: 'new-key' },
    ]);
  });

  it('replaces the settings the file gives, keeping the others', () => {
    const file = parse([], { refreshMinutes: 60, notifyForecast: false });
    expect(planImport(file, [], DEFAULT_SETTINGS, ids).settings).toEqual({
      ...DEFAULT_SETTINGS,
      usageUpdateMinutes: 60,
      notifyForecast: false,
    });
    expect(
      planImport(
        file,
        [],
        { ...DEFAULT_SETTINGS, usageUpdateMinutes: 60, notifyForecast: false },
        ids,
      ).settings,
    ).toBeUndefined();
  });

  it('identifies accounts by server and user ID', () => {
    expect(accountIdentity(home)).not.toBe(accountIdentity({ ...home, userId: 'someone' }));
  });
});

describe('what an import’s preview was planned from (importBasis)', () => {
  const file: ImportedFile = {
    accounts: [
      { baseUrl: home.baseUrl, userId: home.userId, label: 'Home, renamed' },
      { baseUrl: 'https://api.infini-cloud.net', userId: 'new' },
    ],
  };
  const basis = importBasis(file, [home, work], DEFAULT_SETTINGS);

  it('changes with any stored account it would update, or one stored meanwhile that it would add', () => {
    expect(importBasis(file, [{ ...home, password: 'changed' }, work], DEFAULT_SETTINGS)).not.toBe(
      basis,
    );
    expect(importBasis(file, [work], DEFAULT_SETTINGS)).not.toBe(basis);
    const added = account({ id: 'x', baseUrl: 'https://api.infini-cloud.net', userId: 'new' });
    expect(importBasis(file, [home, work, added], DEFAULT_SETTINGS)).not.toBe(basis);
  });

  it('not with an account it leaves alone, nor with the settings when the file brings none', () => {
    const changed = { ...DEFAULT_SETTINGS, usageUpdateMinutes: 60 };
    expect(importBasis(file, [home, { ...work, label: 'Office' }], changed)).toBe(basis);
    const withSettings = { ...file, settings: { signInHours: 12 } };
    expect(importBasis(withSettings, [home, work], changed)).not.toBe(
      importBasis(withSettings, [home, work], DEFAULT_SETTINGS),
    );
  });
});
