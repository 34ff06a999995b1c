import { useEffect } from 'preact/hooks';
import { revisionOf } from '@/lib/store/revision';

/**
 * A form the user has not touched follows what is stored (`stored`: undefined, nothing to follow;
 * null, removed): a change stored meanwhile, in another tab say, is taken in (`take`), unless it
 * is what the form was made from already (`base`); a removal calls `removed`.
 */
export function useFollowStored<T>(
  stored: T | null | undefined,
  base: () => T | undefined,
  touched: () => boolean,
  take: (from: T) => void,
  removed: () => void = () => {},
): void {
  const storedRevision = stored === undefined || stored === null ? stored : revisionOf(stored);
  useEffect(() => {
    if (stored === undefined || touched()) return;
    if (stored === null) return removed();
    const from = base();
    if (from !== undefined && revisionOf(from) === storedRevision) return;
    take(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `storedRevision` is `stored` by value: a new object with the same values changes nothing
  }, [storedRevision]);
}
