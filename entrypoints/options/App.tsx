import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { AccountForm } from '@/components/AccountForm';
import { AccountList } from '@/components/AccountList';
import { ConfirmButton } from '@/components/ConfirmButton';
import { SettingsForm } from '@/components/SettingsForm';
import { StandingFailures, useStandingFailures } from '@/components/standing-failures';
import { useStoredState } from '@/components/use-stored-state';
import { DEFAULT_KEY_FORM, newAccountId, SERVER_PRESETS, type Account } from '@/lib/accounts';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages';
import { accountsItem, settingsItem } from '@/lib/storage-items';

const blankAccount = (): Account => ({
  id: newAccountId(),
  label: '',
  baseUrl: SERVER_PRESETS[0],
  userId: '',
  password: '',
  apiKey: '',
  keyForm: DEFAULT_KEY_FORM,
  notifications: true,
});

/** The options page: accounts, shared settings, and removing everything. */
export function App() {
  const state = useStoredState();
  const [editing, setEditing] = useState<Account>();
  const standing = useStandingFailures(state);
  if (!state) return <main class="options" aria-busy="true" />;
  const { accounts, snapshots, settings } = state;

  async function saveAccount(account: Account) {
    const exists = accounts.some((a) => a.id === account.id);
    await accountsItem.setValue(exists ? accounts.map((a) => (a.id === account.id ? account : a)) : [...accounts, account]);
    setEditing(undefined);
    // Check the saved account at once, so the popup has figures (or the reason why not).
    void sendMessage('refresh', { accountId: account.id });
  }

  async function removeAllData() {
    await browser.storage.local.clear();
    setEditing(undefined);
  }

  return (
    <StandingFailures.Provider value={standing}>
      <main class="options">
        <h1>{t('optionsTitle')}</h1>
        <section aria-labelledby="accounts-heading">
          <h2 id="accounts-heading">{t('accountsHeading')}</h2>
          <p class="intro">{t('accountsIntro')}</p>
          {editing ? (
            <AccountForm key={editing.id} account={editing} onSave={saveAccount} onCancel={() => setEditing(undefined)} />
          ) : (
            <>
              <AccountList
                accounts={accounts}
                snapshots={snapshots}
                onEdit={setEditing}
                onRemove={(account) => accountsItem.setValue(accounts.filter((a) => a.id !== account.id))}
              />
              <button type="button" class="primary" onClick={() => setEditing(blankAccount())}>
                {t('addAccount')}
              </button>
            </>
          )}
        </section>
        <section aria-labelledby="settings-heading">
          <h2 id="settings-heading">{t('settingsHeading')}</h2>
          <SettingsForm settings={settings} onSave={(next) => settingsItem.setValue(next)} />
        </section>
        <section aria-labelledby="data-heading">
          <h2 id="data-heading">{t('dataHeading')}</h2>
          <p>{t('dataIntro')}</p>
          <ConfirmButton label={t('removeAllData')} question={t('removeAllDataQuestion')} onConfirm={removeAllData} />
        </section>
      </main>
    </StandingFailures.Provider>
  );
}
