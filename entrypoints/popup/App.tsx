import { browser } from 'wxt/browser';
import { AccountCard } from '@/components/popup/AccountCard';
import { ErrorBoundary } from '@/components/common/ErrorBoundary';
import { CheckNowButton } from '@/components/popup/CheckNowButton';
import { safeAccountName } from '@/lib/pages/safe-names';
import { StandingFailures, useStandingFailures } from '@/components/hooks/use-standing-failures';
import { CardFallback } from '@/components/common/CardFallback';
import { openSettingsAt } from '@/components/common/open-settings';
import {
  loadStoredState,
  useStoredState,
  type StoredState,
} from '@/components/hooks/use-stored-state';
import { recentHistory } from '@/lib/store/history-sources';
import { accountIdentity } from '@/lib/store/accounts';
import { pointsFor } from '@/lib/store/history';
import { t, uiLocale } from '@/lib/i18n/translate';
import { urgency } from '@/lib/outlook/urgency';
import { snapshotFor } from '@/lib/store/account-state';
import { standingOf } from '@/lib/outlook/standing';
import { loadedExtras, loadPopupExtras } from '@/components/popup/on-demand';

/** Whether a state shows any of the popup's extras: a failure, damaged storage, no account yet. */
const needsExtras = ({ accounts, damaged, snapshots, problems }: StoredState, now: number) =>
  accounts.length === 0 ||
  damaged.length > 0 ||
  problems.length > 0 ||
  accounts.some(
    (account) => standingOf(snapshotFor(account, snapshots[account.id]), now).kind !== 'fine',
  );

// A state that needs the extras is shown once they are loaded: drawn whole at once.
const withExtras = (now: () => number) => async (next: StoredState) =>
  needsExtras(next, now()) && loadPopupExtras();

/** What the popup shows, read from storage: main.tsx starts it as the page's script runs, before the first render. */
export const readPopupState = (now: () => number = Date.now) =>
  loadStoredState(recentHistory, withExtras(now));

/** The toolbar popup: rendered from storage at once (`first`, the read already under way), never waiting for the network. */
export function App({
  now = Date.now,
  first,
}: {
  now?: () => number;
  first?: Promise<StoredState>;
}) {
  const state = useStoredState(recentHistory, withExtras(now), first);
  const extras = loadedExtras();
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
        {extras && <extras.StorageTrouble damaged={damaged} problems={problems} />}
        {views.length === 0 && damaged.length === 0
          ? extras && <extras.Welcome />
          : views.map((view) => (
              <ErrorBoundary
                key={view.account.id}
                retryOn={state}
                fallback={
                  <article
                    class="card"
                    aria-label={safeAccountName(view.account) ?? t('accountUnreadable')}
                  >
                    <CardFallback account={view.account}>
                      <p>{t('accountUnreadableFix')}</p>
                      <button
                        type="button"
                        onClick={() => openSettingsAt(`accounts/edit/${view.account.id}`)}
                      >
                        {t('openSettings')}
                      </button>
                    </CardFallback>
                  </article>
                }
              >
                <AccountCard
                  {...view}
                  settings={settings}
                  now={now()}
                  locale={locale}
                  compact={views.length + damaged.length > 1}
                />
              </ErrorBoundary>
            ))}
      </main>
    </StandingFailures.Provider>
  );
}
