import { useEffect, useState } from 'preact/hooks';
import type { Account } from '@/lib/accounts';
import type { Settings } from '@/lib/settings';
import type { AccountSnapshot } from '@/lib/snapshot';
import { accountsItem, settingsItem, snapshotsItem } from '@/lib/storage-items';
import { loadAccounts, loadSettings, loadSnapshots } from '@/lib/stored-state';

export interface StoredState {
  accounts: Account[];
  snapshots: Record<string, AccountSnapshot>;
  settings: Settings;
}

/** Storage as the pages show it: read at once, read again whenever any item changes. */
export function useStoredState(): StoredState | undefined {
  const [state, setState] = useState<StoredState>();
  useEffect(() => {
    let alive = true;
    const load = async () => {
      const [accounts, snapshots, settings] = await Promise.all([loadAccounts(), loadSnapshots(), loadSettings()]);
      if (alive) setState({ accounts, snapshots, settings });
    };
    void load();
    const unwatch = [accountsItem, snapshotsItem, settingsItem].map((item) => item.watch(() => void load()));
    return () => {
      alive = false;
      unwatch.forEach((stop) => stop());
    };
  }, []);
  return state;
}
