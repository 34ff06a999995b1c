import { readHistory, type AccountHistory } from './history';
import { isObject } from '../basics/guards';
import { readKeys, recentHistoryItem, watchKey } from './items';
import { HISTORY_KEY, RECENT_HISTORY_KEY } from './stored-names';

// The usage history as it is read: the recent part (the popup, a run's end) or the whole (the
// Settings page's chart), each through the guards of lib/store/history.ts.

/** Every account's recent history (RECENT_DAYS), by account id: far less to read than the whole. */
export const loadRecentHistory = async (): Promise<Record<string, AccountHistory>> =>
  recentOrWhole(await recentHistoryItem.getValue());

async function recentOrWhole(raw: unknown): Promise<Record<string, AccountHistory>> {
  // Histories recorded before the recent part was stored apart are read whole, until the next
  // reading.
  return readHistories(raw === null ? (await readKeys([HISTORY_KEY]))[0] : raw);
}

/** A usage history as a page shows it: where it is stored, how to read that, and how to hear that it changed (returns how to stop). */
export interface HistorySource {
  key: `local:${string}`;
  read(raw: unknown): Promise<Record<string, AccountHistory>>;
  watch(changed: () => void): () => void;
}

/** The whole history: what the Settings page charts. */
export const wholeHistory: HistorySource = {
  key: HISTORY_KEY,
  read: (raw) => Promise.resolve(readHistories(raw)),
  watch: (changed) => watchKey(HISTORY_KEY, changed),
};

/** The recent part, written with the whole at every reading: what the popup shows. */
export const recentHistory: HistorySource = {
  key: RECENT_HISTORY_KEY,
  read: recentOrWhole,
  watch: (changed) => watchKey(RECENT_HISTORY_KEY, changed),
};

function readHistories(raw: unknown): Record<string, AccountHistory> {
  const entries = isObject(raw) ? Object.entries(raw) : [];
  return Object.fromEntries(
    entries.flatMap(([id, value]) => {
      const history = readHistory(value);
      return history ? [[id, history]] : [];
    }),
  );
}
