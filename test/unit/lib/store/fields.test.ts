import { describe, expect, it } from 'vitest';
import { changedFields, differingFields } from '@/lib/store/fields';
import { DEFAULT_SETTINGS } from '@/lib/store/settings';
import { account } from '../../helpers/fixtures';

describe('fields compared', () => {
  it('an account’s changed fields: only those that differ from its base; every field but the id for a new one', () => {
    expect(changedFields(account({ label: 'House', password: 'p2' }), account())).toEqual({
      label: 'House',
      password: 'p2',
    });
    const { id: _id, ...fields } = account();
    expect(changedFields(account(), undefined)).toEqual(fields);
  });

  it('two stored values’ differing fields, by name, a field only one has included, never the id', () => {
    expect(differingFields(account({ id: 'other', keySource: 'app' }), account())).toEqual([
      'keySource',
    ]);
    expect(
      differingFields({ ...DEFAULT_SETTINGS, usageUpdateMinutes: 45 }, DEFAULT_SETTINGS),
    ).toEqual(['usageUpdateMinutes']);
  });
});
