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

type HistoryLoader = () => Promise<Record<string, AccountHistory>>;

async function loadState(loadHistory: HistoryLoader): Promise<StoredState> {
  const [{ accounts, damaged }, snapshots, history, settings, problems] = await Promise.all([
    loadAccounts(),
    loadSnapshots(),
    loadHistory(),
    loadSettings(),
    storageProblems(),
  ]);
  return { accounts, damaged, snapshots, history, settings, problems };
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
 * Storage as the pages show it: read at once, read again whenever any item changes. The
 * popup asks for the recent history only (loadRecentHistory); the Settings page for the whole.
 * `prepare` loads what a state needs drawn (parts loaded on demand) before it is shown.
 */
export const useStoredState = (
  loadHistory: HistoryLoader,
  prepare?: (state: StoredState) => Promise<unknown>,
): StoredState | undefined =>
  useLoaded(async () => {
    const state = await loadState(loadHistory);
    await prepare?.(state);
    return state;
  }, watchStorage);
