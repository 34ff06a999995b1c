// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { useLoaded } from '@/components/hooks/use-stored-state';

// What a page reads and reads again when storage says it changed (the pages' tests,
// test/unit/entrypoints/, read real storage through useStoredState).

afterEach(cleanup);

/** A source the test changes by hand: `changed()` is what storage's watchers would call. */
function source(first: string) {
  let value = first;
  const watching = { changed: () => {}, stopped: 0, reads: 0 };
  return {
    watching,
    set: (next: string) => ((value = next), watching.changed()),
    load: () => (watching.reads++, Promise.resolve(value)),
    watch: (changed: () => void) => {
      watching.changed = changed;
      return () => watching.stopped++;
    },
  };
}

it('reads at once, and again each time the source says it changed', async () => {
  const { watching, set, load, watch } = source('first');
  const { result } = renderHook(() => useLoaded(load, watch));
  await waitFor(() => expect(result.current).toBe('first'));
  set('second');
  await waitFor(() => expect(result.current).toBe('second'));
  expect(watching.reads).toBe(2);
});

it('takes its first value from a read begun before the page was drawn', async () => {
  const { watching, load, watch } = source('read later');
  const { result } = renderHook(() => useLoaded(load, watch, Promise.resolve('read early')));
  await waitFor(() => expect(result.current).toBe('read early'));
  expect(watching.reads).toBe(0);
});

it('stops watching when the page goes', async () => {
  const { watching, load, watch } = source('first');
  const { result, unmount } = renderHook(() => useLoaded(load, watch));
  await waitFor(() => expect(result.current).toBe('first'));
  unmount();
  expect(watching.stopped).toBe(1);
});
