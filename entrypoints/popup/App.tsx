import { browser } from 'wxt/browser';
import { AccountCard } from '@/components/AccountCard';
import { RefreshButton } from '@/components/RefreshButton';
import { useStoredState } from '@/components/use-stored-state';
import { Welcome } from '@/components/Welcome';
import { t, uiLocale } from '@/lib/i18n';
import { snapshotFor, urgency } from '@/lib/snapshot';
import { DamagedAccount, StorageProblems } from '@/components/DamagedAccount';

/** The toolbar popup: rendered from storage at once, never waiting for the network. */
export function App({ now = Date.now }: { now?: () => number }) {
  const state = useStoredState();
  const locale = uiLocale();
  if (!state) return <main class="popup popup--loading" aria-busy="true" />;
  const { accounts, damaged, snapshots, settings, problems } = state;
  const views = accounts
    .map((account) => ({ account, snapshot: snapshotFor(account, snapshots[account.id]) }))
    .sort((a, b) => urgency(b.snapshot, settings) - urgency(a.snapshot, settings));

  return (
    <main class="popup">
      <header class="popup__header">
        <h1>{t('extName')}</h1>
        {views.length > 0 && <RefreshButton />}
        <button type="button" class="icon" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('options')}
        </button>
      </header>
      <StorageProblems problems={problems} />
      {damaged.map((entry) => (
        <DamagedAccount key={entry.key} entry={entry} />
      ))}
      {views.length === 0 && damaged.length === 0 ? (
        <Welcome />
      ) : (
        views.map((view) => (
          <AccountCard
            key={view.account.id}
            {...view}
            settings={settings}
            now={now()}
            locale={locale}
            compact={views.length + damaged.length > 1}
          />
        ))
      )}
    </main>
  );
}
