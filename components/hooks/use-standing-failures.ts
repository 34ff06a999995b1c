import { createContext } from 'preact';
import { useRef } from 'preact/hooks';
import type { Account } from '@/lib/store/accounts';
import type { Failure } from '@/lib/service/failures';
import { snapshotFor, type AccountSnapshot } from '@/lib/store/account-state';
import { isAlarming, standingOf } from '@/lib/outlook/standing';

// Screen readers announce every role="alert" when a page opens. A failure that was already
// stored when the page opened is standing news, shown as text; only one that appears while the
// page is open is announced.

/** One account's failure of one kind. */
export const failureKey = (accountId: string, failure: Failure) => `${accountId} ${failure.kind}`;

/** The failures a page showed when it opened (and still shows). Outside a page: none. */
export const StandingFailures = createContext<ReadonlySet<string>>(new Set());

/** For a page: its standing failures, from the first stored state it rendered, as they stand at `now`. */
export function useStandingFailures(
  state: { accounts: readonly Account[]; snapshots: Record<string, AccountSnapshot> } | undefined,
  now: number,
): ReadonlySet<string> {
  const standingRef = useRef<Set<string>>(undefined);
  if (state) {
    const shown = new Set<string>();
    for (const account of state.accounts) {
      const standing = standingOf(snapshotFor(account, state.snapshots[account.id]), now);
      if (isAlarming(standing)) shown.add(failureKey(account.id, standing.failure));
    }
    // A failure that went away and comes back while the page is open is news again.
    standingRef.current = standingRef.current
      ? new Set([...standingRef.current].filter((key) => shown.has(key)))
      : shown;
  }
  return standingRef.current ?? new Set();
}
