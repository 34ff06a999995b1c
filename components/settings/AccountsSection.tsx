import { useRef, useState } from 'preact/hooks';
import { AccountForm } from './AccountForm';
import { AccountList } from './AccountList';
import { ConfirmButton } from './ConfirmButton';
import type { Place } from '@/lib/pages/place';
import { WithPart } from './parts';
import { sendChange, type ChangeOutcome, type NotMade } from '@/lib/pages/send-change';
import { accountRemoved, damagedRemoved } from '@/lib/pages/change-made';
import { beginChange } from '@/lib/extension/change-port';
import { ChangeFailure } from './SaveOutcome';
import { DamagedEntry, damagedName } from '@/components/common/DamagedEntry';
import type { DamagedEntry as Damaged } from '@/lib/store/reads';
import { blankAccount, type Account } from '@/lib/store/accounts';
import type { AccountSnapshot } from '@/lib/store/account-state';
import type { Settings } from '@/lib/store/settings';
import { hasAppApiKey } from '@/lib/service/app-key';
import { t, uiLocale } from '@/lib/i18n/translate';

interface Props {
  accounts: Account[];
  damaged: Damaged[];
  snapshots: Record<string, AccountSnapshot>;
  settings: Settings;
  place: Place;
  goTo: (place: Place) => void;
  now: () => number;
}

/**
 * The accounts: the list, the damaged entries, and the form that adds or edits one (on install,
 * the setup's walk-through and the first account's form). Every change is sent on its click's
 * port and carried out by the background (lib/pages/send-change.ts); what was not made
 * is said here.
 */
export function AccountsSection({
  accounts,
  damaged,
  snapshots,
  settings,
  place,
  goTo,
  now,
}: Props) {
  /** Why the last removal was not made, if it was not. */
  const [refused, setRefused] = useState<NotMade>();
  // A new account's id is made once per form shown: after a save, the next "Add account" is another account.
  const [newAccount, setNewAccount] = useState(() => blankAccount(hasAppApiKey()));
  const accountsPlace: Place = { section: 'accounts' };

  async function remove(sending: Promise<ChangeOutcome<'remove-account' | 'remove-damaged'>>) {
    const done = await sending;
    setRefused(done.kind === 'saved' || done.kind === 'newer' ? undefined : done);
  }

  /** An account's form saved (and no second save of it waiting): back to the list. */
  function saved(account: Account) {
    setRefused(undefined);
    if (account.id === newAccount.id) setNewAccount(blankAccount(hasAppApiKey()));
    goTo(accountsPlace);
  }

  const editing = place.form === 'edit' || place.form === 'own-key' ? place.accountId : undefined;
  const stored = accounts.find((a) => a.id === editing);
  // The account whose form is open, as last stored: removed meanwhile (in another tab), its form
  // stays with what the user typed, and follows the removal only if untouched.
  const lastEditedRef = useRef<Account>(undefined);
  if (stored) lastEditedRef.current = stored;
  const edited =
    stored ??
    (editing && lastEditedRef.current?.id === editing ? lastEditedRef.current : undefined);
  const formAccount =
    place.section === 'setup' || place.form === 'add'
      ? newAccount
      : edited && (place.form === 'own-key' ? { ...edited, keySource: 'own' as const } : edited);
  const form = formAccount && (
    <AccountForm
      key={formAccount.id + (place.form ?? '')}
      account={formAccount}
      {...(edited && { stored: stored ?? null })}
      isNew={formAccount === newAccount}
      onSaved={saved}
      onCancel={() => goTo(accountsPlace)}
    />
  );
  const notMade = refused && <ChangeFailure outcome={refused} />;

  if (place.section === 'setup')
    return (
      <>
        <WithPart name="setup">{(Guide) => <Guide hasAppKey={hasAppApiKey()} />}</WithPart>
        {notMade}
        {form}
      </>
    );
  return (
    <>
      <p class="intro">{t('accountsIntro')}</p>
      {notMade}
      <AccountList
        accounts={accounts}
        snapshots={snapshots}
        settings={settings}
        now={now()}
        locale={uiLocale()}
        onEdit={(account) => goTo({ section: 'accounts', form: 'edit', accountId: account.id })}
        onRemove={(account) =>
          remove(
            sendChange(
              beginChange(account.id),
              { kind: 'remove-account', accountId: account.id },
              accountRemoved(account.id),
            ),
          )
        }
      />
      {damaged.map((entry) => (
        <DamagedEntry key={entry.key} entry={entry}>
          <ConfirmButton
            label={t('remove')}
            question={t('removeAccountQuestion', [damagedName(entry)])}
            onConfirm={() =>
              remove(
                sendChange(
                  beginChange(),
                  { kind: 'remove-damaged', key: entry.key },
                  damagedRemoved(entry.key),
                ),
              )
            }
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
  );
}
