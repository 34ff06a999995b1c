import { describe, expect, it } from 'vitest';
import { revisionOf } from '@/lib/store/revision';
import { account } from '../../helpers/fixtures';

describe('revisionOf', () => {
  it('is the same for the same content, whatever the order of its keys or a field left undefined', () => {
    const a = account();
    const reordered = Object.fromEntries(Object.entries(a).reverse());
    expect(revisionOf(reordered)).toBe(revisionOf(a));
    expect(revisionOf({ ...a, extra: undefined })).toBe(revisionOf(a));
    // Through JSON, as a message carries it.
    expect(revisionOf(JSON.parse(JSON.stringify(a)))).toBe(revisionOf(a));
  });

  it('changes with any field, an unknown one included, and nested values', () => {
    const a = account();
    const revisions = [
      a,
      { ...a, baseUrl: 'https://other.example' },
      { ...a, password: 'other' },
      { ...a, label: 'Other' },
      { ...a, notifications: !a.notifications },
      { ...a, futureField: 1 },
      { ...a, futureField: { nested: [1, 2] } },
      { ...a, futureField: { nested: [2, 1] } },
    ].map(revisionOf);
    expect(new Set(revisions).size).toBe(revisions.length);
  });

  it('tells nothing stored from an empty value', () => {
    expect(revisionOf(undefined)).not.toBe(revisionOf({}));
    expect(revisionOf([])).not.toBe(revisionOf({}));
  });
});
