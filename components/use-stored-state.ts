import { useEffect, useState } from 'preact/hooks';
import type { Account } from '@/lib/store/accounts';
import type { AccountHistory } from '@/lib/store/history';
import type { Settings } from '@/lib/store/settings';
import type { AccountSnapshot } from '@/lib/store/account-state';
import {
  loadAccounts,
  loadSettings,
  loadSnapshots,
  storageProblems,
  watchStorage,
  type DamagedEntry,
  type HistorySource,
  type LockReason,
} from '@/lib/store/items';
import { newestRead } from './newest-read';

export interface StoredState {
  accounts: Account[];
  /** Stored entries that are not valid accounts: shown, to re-enter or remove. */
  damaged: DamagedEntry[];
  snapshots: Record<string, AccountSnapshot>;
  /** Usage histories by account id (see `pointsFor` for the account's own). */
  history: Record<string, AccountHistory>;
  settings: Settings;
  /** Stored items the extension may not write (another version's data, or not a list). */
  problems: { item: 'accounts' | 'settings'; reason: LockReason }[];
}

async function loadState(history: HistorySource): Promise<StoredState> {
  const stored = loadAccounts();
  const [{ accounts, damaged }, snapshots, histories, settings, problems] = await Promise.all([
    stored,
    loadSnapshots(),
    history.load(),
    loadSettings(),
    storageProblems(stored),
  ]);
  return { accounts, damaged, snapshots, history: histories, settings, problems };
}

/** What `load` reads, read at once and again whenever `watch` reports a change (it returns how to stop). */
export function useLoaded<T>(load: () => Promise<T>, watch: (changed: () => void) => () => void): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let alive = true;
    // Reads overlap when storage changes fast: a slow older read must not land last.
    const newest = newestRead<T>((next) => alive && setValue(next));
    const read = () => void newest(load);
    read();
    const stop = watch(read);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return value;
}

/**
 * Storage as the pages show it: read at once, read again whenever an item it shows changes. The
 * popup asks for the recent history only (recentHistory); the Settings page for the whole.
 * `prepare` loads what a state needs drawn (parts loaded on demand) before it is shown.
 */
export const useStoredState = (
  history: HistorySource,
  prepare?: (state: StoredState) => Promise<unknown>,
): StoredState | undefined =>
  useLoaded(
    async () => {
      const state = await loadState(history);
      await prepare?.(state);
      return state;
    },
    (changed) => {
      const stops = [watchStorage(changed), history.watch(changed)];
      return () => stops.forEach((stop) => stop());
    },
  );
