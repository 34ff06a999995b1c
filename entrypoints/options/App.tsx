import { useEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { AccountForm } from '@/components/settings/AccountForm';
import { AccountList } from '@/components/settings/AccountList';
import { ConfirmButton } from '@/components/settings/ConfirmButton';
import { OptionsNav } from '@/components/settings/OptionsNav';
import { OpenSettings } from '@/components/helpers/open-settings';
import { readPlace, SECTIONS, usePlace, type Place } from '@/components/settings/place';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { StandingFailures, useStandingFailures } from '@/components/hooks/standing-failures';
import { useStoredState } from '@/components/hooks/use-stored-state';
import { wholeHistory } from '@/lib/store/history-sources';
import { ErrorBoundary } from '@/components/common/ErrorBoundary';
import { useShownPlace, WithPart } from '@/components/settings/parts';
import {
  accountIdentity,
  ACCOUNT_DEFAULTS,
  defaultKeyForm,
  newAccountId,
  SERVER_PRESETS,
  type Account,
} from '@/lib/store/accounts';
import { hasAppApiKey } from '@/lib/service/app-key';
import { pointsFor } from '@/lib/store/history';
import { t, uiLocale } from '@/lib/i18n/translate';
import type { ChangeOutcome } from '@/components/helpers/send-change';
import {
  removeAccount,
  removeAllData,
  removeDamagedEntry,
  saveAccount,
  saveSettings,
} from '@/components/settings/saves';
import { ChangeFailure } from '@/components/settings/SaveOutcome';
import { DamagedEntry, damagedName, StorageProblems } from '@/components/common/DamagedEntry';

/** A new account: the first preset server, the address form it defaults to, the build's key if it has one. */
const blankAccount = (): Account => ({
  ...ACCOUNT_DEFAULTS,
  id: newAccountId(),
  baseUrl: SERVER_PRESETS[0],
  userId: '',
  password: '',
  apiKey: '',
  keyForm: defaultKeyForm(SERVER_PRESETS[0]),
  keySource: hasAppApiKey() ? 'app' : 'own',
});

/** One section of the page, its heading focused when the user goes to it (not when the page loads). */
function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement?.closest('.options-nav')) heading.current?.focus();
  }, [id]);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The settings page: a navigation and one section at a time (accounts, their usage history,
 * shared settings, export and import, removing everything), its place kept in the address; on
 * install, the setup walk-through with the form for the first account.
 */
export function App({ now = Date.now }: { now?: () => number }) {
  const state = useStoredState(wholeHistory);
  const [wanted, goTo] = usePlace();
  // A section whose part is loaded on demand is shown once the part is here.
  const place = useShownPlace(wanted);
  /** Why the last removal was not made, if it was not. */
  const [refused, setRefused] = useState<Exclude<ChangeOutcome, { kind: 'saved' | 'newer' }>>();
  // A new account's id is made once per form shown: after a save, the next "Add account" is another account.
  const [newAccount, setNewAccount] = useState(blankAccount);
  const standing = useStandingFailures(state, now());
  if (!state || !place) return <main class="options" aria-busy="true" />;
  const { accounts, damaged, snapshots, history, settings, problems } = state;
  const locale = uiLocale();
  const accountsPlace: Place = { section: 'accounts' };

  /** A removal through the background: a refusal or failure is said on the page. */
  async function remove(change: () => Promise<ChangeOutcome>) {
    const outcome = await change();
    setRefused(outcome.kind === 'saved' || outcome.kind === 'newer' ? undefined : outcome);
    return outcome.kind === 'saved';
  }

  async function save(account: Account, revision: string | undefined) {
    const outcome = await saveAccount(
      account,
      revision,
      accounts.find((a) => a.id === account.id),
    );
    // Not saved: the form stays as the user typed it, and says why.
    if (outcome.kind !== 'saved') return outcome;
    setRefused(undefined);
    if (account.id === newAccount.id) setNewAccount(blankAccount());
    goTo(accountsPlace);
    return outcome;
  }

  async function removeEverything() {
    if (await remove(removeAllData)) goTo(accountsPlace);
  }

  const edited =
    place.form === 'edit' || place.form === 'own-key'
      ? accounts.find((a) => a.id === place.accountId)
      : undefined;
  const formAccount =
    place.section === 'setup' || place.form === 'add'
      ? newAccount
      : edited && (place.form === 'own-key' ? { ...edited, keySource: 'own' as const } : edited);
  const form = formAccount && (
    <AccountForm
      key={formAccount.id + (place.form ?? '')}
      account={formAccount}
      {...(edited && { stored: edited })}
      isNew={formAccount === newAccount}
      onSave={save}
      onCancel={() => goTo(accountsPlace)}
    />
  );
  const saveRefused = refused && <ChangeFailure outcome={refused} />;

  const sections = {
    accounts: (
      <>
        <p class="intro">{t('accountsIntro')}</p>
        {saveRefused}
        <AccountList
          accounts={accounts}
          snapshots={snapshots}
          settings={settings}
          now={now()}
          locale={locale}
          onEdit={(account) => goTo({ section: 'accounts', form: 'edit', accountId: account.id })}
          onRemove={async (account) => void (await remove(() => removeAccount(account.id)))}
        />
        {damaged.map((entry) => (
          <DamagedEntry key={entry.key} entry={entry}>
            <ConfirmButton
              label={t('remove')}
              question={t('removeAccountQuestion', [damagedName(entry)])}
              onConfirm={async () => void (await remove(() => removeDamagedEntry(entry.key)))}
            />
          </DamagedEntry>
        ))}
        {form ?? (
          <button
            type="button"
            class="primary"
            onClick={() => goTo({ section: 'accounts', form: 'add' })}
          >
            {t('addAccount')}
          </button>
        )}
      </>
    ),
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
    settings: <SettingsForm settings={settings} onSave={saveSettings} />,
    transfer: (
      <WithPart name="transfer">
        {(Transfer) => <Transfer accounts={accounts} settings={settings} />}
      </WithPart>
    ),
    data: (
      <>
        <p>{t('dataIntro')}</p>
        <ConfirmButton
          label={t('removeAllData')}
          question={t('removeAllDataQuestion')}
          onConfirm={removeEverything}
        />
      </>
    ),
  };
  const current = SECTIONS.find(({ id }) => id === place.section);

  return (
    <StandingFailures.Provider value={standing}>
      <OpenSettings.Provider value={(hash) => goTo(readPlace(hash))}>
        <div class="options">
          <header class="options__header">
            <h1>{t('optionsTitle')}</h1>
          </header>
          <OptionsNav current={place.section} />
          {/* Busy while the section asked for waits for its part; the one before stays meanwhile. */}
          <main class="options__main" aria-busy={wanted !== place || undefined}>
            <StorageProblems problems={problems} page="settings" />
            {place.section === 'setup' ? (
              <>
                <WithPart name="setup">{(Guide) => <Guide hasAppKey={hasAppApiKey()} />}</WithPart>
                {saveRefused}
                {form}
              </>
            ) : (
              current && (
                <Section id={current.id} title={t(current.label)}>
                  {sections[current.id]}
                </Section>
              )
            )}
          </main>
          <footer class="options__footer">
            <a href={t('privacyPolicyPage')} target="_blank">
              {t('privacyPolicy')}
            </a>
          </footer>
        </div>
      </OpenSettings.Provider>
    </StandingFailures.Provider>
  );
}
