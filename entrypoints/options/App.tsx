import { SettingsNav } from '@/components/settings/SettingsNav';
import { OpenSettings } from '@/components/common/open-settings';
import { readPlace, SECTIONS } from '@/lib/pages/place';
import { usePlace } from '@/components/settings/use-place';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { StandingFailures, useStandingFailures } from '@/components/hooks/use-standing-failures';
import { useStoredState } from '@/components/hooks/use-stored-state';
import { wholeHistory } from '@/lib/store/history-sources';
import { ErrorBoundary } from '@/components/common/ErrorBoundary';
import { useShownPlace, WithPart } from '@/components/settings/parts';
import { accountIdentity } from '@/lib/store/accounts';
import { pointsFor } from '@/lib/store/history';
import { t, uiLocale } from '@/lib/i18n/translate';
import { StorageProblems } from '@/components/common/DamagedEntry';
import { AccountsSection } from '@/components/settings/AccountsSection';
import { DataSection } from '@/components/settings/DataSection';
import { Section } from '@/components/settings/Section';

/**
 * The settings page, a router: a navigation and one section at a time (accounts, their usage
 * history, shared settings, export and import, removing everything), its place kept in the
 * address; on install, the setup walk-through with the form for the first account.
 */
export function App({ now = Date.now }: { now?: () => number }) {
  const state = useStoredState(wholeHistory);
  const [wanted, goTo] = usePlace();
  // A section whose part is loaded on demand is shown once the part is here.
  const place = useShownPlace(wanted);
  const standing = useStandingFailures(state, now());
  if (!state || !place) return <main class="settings-page" aria-busy="true" />;
  const { accounts, damaged, snapshots, history, settings, problems } = state;
  const locale = uiLocale();
  const accountsSection = (
    <AccountsSection
      accounts={accounts}
      damaged={damaged}
      snapshots={snapshots}
      settings={settings}
      place={place}
      goTo={goTo}
      now={now}
    />
  );

  const sections = {
    accounts: accountsSection,
    history: (
      <>
        <p class="intro">{t('historyIntro')}</p>
        <WithPart name="history">
          {(Chart) =>
            accounts.map((account) => (
              <Chart
                key={account.id}
                account={account}
                points={pointsFor(history[account.id], accountIdentity(account))}
                locale={locale}
              />
            ))
          }
        </WithPart>
      </>
    ),
    // A log that cannot be drawn costs only itself, never the page (and its "Remove all data").
    activity: (
      <ErrorBoundary fallback={<p class="failure">{t('accountUnreadable')}</p>} retryOn={accounts}>
        <WithPart name="activity">
          {(Log) => <Log accounts={accounts} locale={locale} now={now} />}
        </WithPart>
      </ErrorBoundary>
    ),
    settings: <SettingsForm settings={settings} />,
    transfer: (
      <WithPart name="transfer">
        {(Transfer) => <Transfer accounts={accounts} settings={settings} />}
      </WithPart>
    ),
    data: <DataSection onRemoved={() => goTo({ section: 'accounts' })} />,
  };
  const current = SECTIONS.find(({ id }) => id === place.section);

  return (
    <StandingFailures.Provider value={standing}>
      <OpenSettings.Provider value={(hash) => goTo(readPlace(hash))}>
        <div class="settings-page">
          <header class="settings-page__header">
            <h1>{t('settingsPageTitle')}</h1>
          </header>
          <SettingsNav current={place.section} />
          {/* Busy while the section asked for waits for its part; the one before stays meanwhile. */}
          <main class="settings-page__main" aria-busy={wanted !== place || undefined}>
            <StorageProblems problems={problems} page="settings" />
            {place.section === 'setup'
              ? accountsSection
              : current && (
                  <Section id={current.id} title={t(current.label)}>
                    {sections[current.id]}
                  </Section>
                )}
          </main>
          <footer class="settings-page__footer">
            <a href={t('privacyPolicyPage')} target="_blank">
              {t('privacyPolicy')}
            </a>
          </footer>
        </div>
      </OpenSettings.Provider>
    </StandingFailures.Provider>
  );
}
