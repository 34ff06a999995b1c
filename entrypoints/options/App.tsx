import { useState } from 'preact/hooks';
import { AccountForm } from '@/components/AccountForm';
import { AccountList } from '@/components/AccountList';
import { ConfirmButton } from '@/components/ConfirmButton';
import { SettingsForm } from '@/components/SettingsForm';
import { StandingFailures, useStandingFailures } from '@/components/standing-failures';
import { useStoredState } from '@/components/use-stored-state';
import { loadHistory } from '@/lib/store/items';
import { HistoryChart } from '@/components/HistoryChart';
import { ActivityLog } from '@/components/ActivityLog';
import { SettingsTransfer } from '@/components/SettingsTransfer';
import { accountIdentity, ACCOUNT_DEFAULTS, credentialsKey, newAccountId, SERVER_PRESETS, type Account } from '@/lib/store/accounts';
import { pointsFor } from '@/lib/store/history';
import { t, uiLocale } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages';
import { StorageLockedError, removeAccount, removeAllData, removeDamagedEntry, saveAccount, saveSettings } from '@/lib/store/writes';
import { DamagedEntry, damagedName, StorageProblems } from '@/components/DamagedEntry';

const blankAccount = (): Account => ({ ...ACCOUNT_DEFAULTS, id: newAccountId(), baseUrl: SERVER_PRESETS[0], userId: '', password: '', apiKey: '' });

/** The options page: accounts, their usage history and activity log, shared settings, export and import, and removing everything. */
export function App() {
  const state = useStoredState(loadHistory);
  const [editing, setEditing] = useState<Account>();
  const [refused, setRefused] = useState(false);
  const standing = useStandingFailures(state);
  if (!state) return <main class="options" aria-busy="true" />;
  const { accounts, damaged, snapshots, history, settings, problems } = state;
  const locale = uiLocale();

  async function save(account: Account) {
    try {
      await saveAccount(account);
    } catch (error) {
      if (!(error instanceof StorageLockedError)) throw error;
      setRefused(true);
      return;
    }
    setRefused(false);
    setEditing(undefined);
    // New credentials are checked at once, so the popup has figures (or the reason why not); the
    // background records any failure itself. A new name or notification switch sends nothing.
    const before = accounts.find((a) => a.id === account.id);
    if (!before || credentialsKey(before) !== credentialsKey(account)) sendMessage('checkNow', { accountId: account.id }).catch(() => undefined);
  }

  async function removeEverything() {
    await removeAllData();
    setEditing(undefined);
  }

  return (
    <StandingFailures.Provider value={standing}>
      <main class="options">
        <h1>{t('optionsTitle')}</h1>
        <StorageProblems problems={problems} />
        <section aria-labelledby="accounts-heading">
          <h2 id="accounts-heading">{t('accountsHeading')}</h2>
          <p class="intro">{t('accountsIntro')}</p>
          {refused && <p class="failure" role="alert">{t('saveRefused')}</p>}
          {editing ? (
            <AccountForm key={editing.id} account={editing} onSave={save} onCancel={() => setEditing(undefined)} />
          ) : (
            <>
              <AccountList
                accounts={accounts}
                snapshots={snapshots}
                onEdit={setEditing}
                onRemove={(account) => removeAccount(account.id)}
              />
              {damaged.map((entry) => (
                <DamagedEntry key={entry.key} entry={entry}>
                  <ConfirmButton
                    label={t('remove')}
                    question={t('removeAccountQuestion', [damagedName(entry)])}
                    onConfirm={() => removeDamagedEntry(entry.key)}
                  />
                </DamagedEntry>
              ))}
              <button type="button" class="primary" onClick={() => setEditing(blankAccount())}>
                {t('addAccount')}
              </button>
            </>
          )}
        </section>
        <section aria-labelledby="history-heading">
          <h2 id="history-heading">{t('historyHeading')}</h2>
          <p class="intro">{t('historyIntro')}</p>
          {accounts.map((account) => (
            <HistoryChart key={account.id} account={account} points={pointsFor(history[account.id], accountIdentity(account))} locale={locale} />
          ))}
        </section>
        <ActivityLog accounts={accounts} locale={locale} />
        <section aria-labelledby="settings-heading">
          <h2 id="settings-heading">{t('settingsHeading')}</h2>
          <SettingsForm settings={settings} onSave={saveSettings} />
        </section>
        <section aria-labelledby="transfer-heading">
          <h2 id="transfer-heading">{t('transferHeading')}</h2>
          <SettingsTransfer accounts={accounts} settings={settings} />
        </section>
        <section aria-labelledby="data-heading">
          <h2 id="data-heading">{t('dataHeading')}</h2>
          <p>{t('dataIntro')}</p>
          <ConfirmButton label={t('removeAllData')} question={t('removeAllDataQuestion')} onConfirm={removeEverything} />
          <p>
            <a href={t('privacyPolicyPage')} target="_blank">{t('privacyPolicy')}</a>
          </p>
        </section>
      </main>
    </StandingFailures.Provider>
  );
}
