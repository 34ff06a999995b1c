import { browser } from 'wxt/browser';
import { AccountCard } from '@/components/AccountCard';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { CheckNowButton } from '@/components/CheckNowButton';
import { safeAccountName } from '@/components/safe-names';
import { StandingFailures, useStandingFailures } from '@/components/standing-failures';
import { CardFallback } from '@/components/CardFallback';
import { useStoredState } from '@/components/use-stored-state';
import { loadRecentHistory } from '@/lib/store/items';
import { Welcome } from '@/components/Welcome';
import { accountIdentity } from '@/lib/store/accounts';
import { pointsFor } from '@/lib/store/history';
import { t, uiLocale } from '@/lib/i18n';
import { urgency } from '@/lib/outlook/urgency';
import { snapshotFor } from '@/lib/store/account-state';
import { DamagedEntry, damagedAnchor, StorageProblems } from '@/components/DamagedEntry';

/** The toolbar popup: rendered from storage at once, never waiting for the network. */
export function App({ now = Date.now }: { now?: () => number }) {
  const state = useStoredState(loadRecentHistory);
  const standing = useStandingFailures(state, now());
  const locale = uiLocale();
  if (!state) return <main class="popup popup--loading" aria-busy="true" />;
  const { accounts, damaged, snapshots, history, settings, problems } = state;
  const views = accounts
    .map((account) => ({
      account,
      snapshot: snapshotFor(account, snapshots[account.id]),
      history: pointsFor(history[account.id], accountIdentity(account)),
    }))
    .sort((a, b) => urgency(b.snapshot, settings, now()) - urgency(a.snapshot, settings, now()));

  return (
    <StandingFailures.Provider value={standing}>
      <main class="popup">
        <header class="popup__header">
          <h1>{t('extName')}</h1>
          <div class="popup__actions">
            {views.length > 0 && <CheckNowButton />}
            <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('openSettings')}
            </button>
          </div>
        </header>
        <StorageProblems problems={problems} page="popup" />
        {damaged.map((entry) => (
          <DamagedEntry key={entry.key} entry={entry}>
            <button type="button" onClick={() => void browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${damagedAnchor(entry)}`) })}>
              {t('openSettings')}
            </button>
          </DamagedEntry>
        ))}
        {views.length === 0 && damaged.length === 0 ? (
          <Welcome />
        ) : (
          views.map((view) => (
            <ErrorBoundary
              key={view.account.id}
              retryOn={state}
              fallback={
                <article class="card" aria-label={safeAccountName(view.account) ?? t('accountUnreadable')}>
                  <CardFallback account={view.account} />
                </article>
              }
            >
              <AccountCard {...view} settings={settings} now={now()} locale={locale} compact={views.length + damaged.length > 1} />
            </ErrorBoundary>
          ))
        )}
      </main>
    </StandingFailures.Provider>
  );
}
