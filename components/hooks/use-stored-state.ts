import { useLayoutEffect, useState } from 'preact/hooks';
import type { Account } from '@/lib/store/accounts';
import type { AccountHistory } from '@/lib/store/history';
import type { Settings } from '@/lib/store/settings';
import type { AccountSnapshot } from '@/lib/store/account-state';
import { loadStore } from '@/lib/store/load-store';
import { watchStorage } from '@/lib/store/watch-storage';
import { type DamagedEntry } from '@/lib/store/reads';
import { type HistorySource } from '@/lib/store/history-sources';
import { type StorageProblem } from '@/lib/store/storage-problems';
import { newestRead } from '@/lib/pages/newest-read';

export interface StoredState {
  accounts: Account[];
  /** Stored entries that are not valid accounts: shown, to re-enter or remove. */
  damaged: DamagedEntry[];
  snapshots: Record<string, AccountSnapshot>;
  /** Usage histories by account id (see `pointsFor` for the account's own). */
  history: Record<string, AccountHistory>;
  settings: Settings;
  /** Stored items the extension may not write (another version's data, or not a list). */
  problems: StorageProblem[];
}

/**
 * What `load` reads, read at once (or taken from `first`, a read started before the first
 * render) and again whenever `watch` reports a change (it returns how to stop).
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  watch: (changed: () => void) => () => void,
  first?: Promise<T>,
): T | undefined {
  const [value, setValue] = useState<T>();
  // A layout effect runs as soon as the page is rendered; an effect would wait for the next frame
  // and a timer after it (Preact), and so would the data already read when the popup opens.
  useLayoutEffect(() => {
    let alive = true;
    // Reads overlap when storage changes fast: a slow older read must not land last.
    const newest = newestRead<T>((next) => alive && setValue(next));
    const read = () => void newest(load);
    void newest(() => first ?? load());
    const stop = watch(read);
    return () => {
      alive = false;
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page: callers pass new functions at each render
  }, []);
  return value;
}

type Prepare = (state: StoredState) => Promise<unknown>;

/**
 * Storage as a page shows it, in one read. `prepare` loads what the state needs drawn (parts
 * loaded on demand) before it is shown.
 */
export async function loadStoredState(
  history: HistorySource,
  prepare?: Prepare,
): Promise<StoredState> {
  const state = await loadStore(history);
  await prepare?.(state);
  return state;
}

/**
 * Storage as the pages show it: read at once (or taken from `first`, the same read started
 * before the first render), read again whenever an item it shows changes. The popup asks for
 * the recent history only (recentHistory); the Settings page for the whole.
 */
export const useStoredState = (
  history: HistorySource,
  prepare?: Prepare,
  first?: Promise<StoredState>,
): StoredState | undefined =>
  useLoaded(
    () => loadStoredState(history, prepare),
    (changed) => {
      const stops = [watchStorage(changed), history.watch(changed)];
      return () => stops.forEach((stop) => stop());
    },
    first,
  );
