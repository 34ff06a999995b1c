// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { useFollowStored } from '@/components/settings/use-follow-stored';
import { revisionOf } from '@/lib/store/revision';

// A form the user has not touched follows what is stored (the forms' tests, AccountForm.test.tsx
// and SettingsForm.test.tsx, change storage under an open form).

afterEach(cleanup);

type Value = { label: string } | null | undefined;

/** The hook over `stored`, with what it took and whether it heard a removal. */
function follow(
  first: Value,
  { touched = false, base = { label: 'a' }, own = [] as string[] } = {},
) {
  const seen = { taken: [] as string[], removed: 0 };
  const { rerender } = renderHook(
    ({ stored }: { stored: Value }) =>
      useFollowStored(
        stored,
        () => base,
        () => touched,
        (from) => seen.taken.push(from.label),
        () => seen.removed++,
        (revision) => own.includes(revision),
      ),
    { initialProps: { stored: first } },
  );
  return { seen, stores: (stored: Value) => rerender({ stored }) };
}

it('takes in a change stored elsewhere, but not what the form was made from', () => {
  const { seen, stores } = follow(undefined);
  stores({ label: 'a' });
  stores({ label: 'b' });
  // The same values in a new object change nothing.
  stores({ label: 'b' });
  expect(seen).toEqual({ taken: ['b'], removed: 0 });
  stores(null);
  expect(seen.removed).toBe(1);
});

it('leaves a touched form, and a save of its own heard late, as they are', () => {
  const touched = follow(undefined, { touched: true });
  touched.stores({ label: 'b' });
  touched.stores(null);
  expect(touched.seen).toEqual({ taken: [], removed: 0 });

  const late = follow(undefined, { own: [revisionOf({ label: 'mine, earlier' })] });
  late.stores({ label: 'mine, earlier' });
  expect(late.seen.taken).toEqual([]);
});
