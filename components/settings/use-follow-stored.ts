import { useEffect } from 'preact/hooks';
import { revisionOf } from '@/lib/store/revision';

/**
 * A form the user has not touched follows what is stored (`stored`: undefined, nothing to follow;
 * null, removed): a change stored meanwhile, in another tab say, is taken in (`take`), unless it
 * is what the form was made from already (`base`), or an earlier one of the form's own saves
 * (`ownEarlier`: a save's answer comes before the storage changes of the saves before it, which
 * then arrive late); a removal calls `removed`.
 */
export function useFollowStored<T>(
  stored: T | null | undefined,
  base: () => T | undefined,
  touched: () => boolean,
  take: (from: T) => void,
  removed: () => void = () => {},
  ownEarlier: (revision: string) => boolean = () => false,
): void {
  const storedRevision = stored === undefined || stored === null ? stored : revisionOf(stored);
  useEffect(() => {
    if (stored === undefined || touched()) return;
    if (stored === null) return removed();
    // Asked first: hearing the form's own last save ends the late ones.
    const late = typeof storedRevision === 'string' && ownEarlier(storedRevision);
    const from = base();
    if (late || (from !== undefined && revisionOf(from) === storedRevision)) return;
    take(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `storedRevision` is `stored` by value: a new object with the same values changes nothing
  }, [storedRevision]);
}
