import { accountName, type Account } from '@/lib/store/accounts';
import { t } from '@/lib/i18n/translate';
import type { AccountDraft } from '@/lib/input/form-schemas';
import { useAccountDraft } from './use-account-draft';
import { useFollowStored } from './use-follow-stored';
import { useHostAccess } from './use-host-access';
import { useAccountSave } from './use-account-save';
import { AccessLines } from './AccessLines';
import { AccountFields, fieldId } from './AccountFields';
import { SaveOutcome } from './SaveOutcome';

interface Props {
  /** The values the form starts with. */
  account: Account;
  /**
   * The account as stored (none: a new one; null: removed since the form opened): what a save is
   * made from, followed while the form is untouched.
   */
  stored?: Account | null;
  /** A new account: titled "Add account", and its key form follows the server until the user picks one. */
  isNew: boolean;
  /** Stored (and no second save of the form waiting). */
  onSaved: (saved: Account) => void;
  onCancel: () => void;
}

/**
 * Adds or edits an account; tests unsaved values; asks for host access when saving; saves one at
 * a time (use-account-save.ts). In a build with an application key, the account may use it (no
 * key field) or a key of its own.
 */
export function AccountForm({ account, stored, isNew, onSaved, onCancel }: Props) {
  const form = useAccountDraft(account, isNew);
  const access = useHostAccess(account.id, form.latestRef);
  const saves = useAccountSave({
    accountId: account.id,
    stored: stored ?? undefined,
    prepare: async () => {
      const valid = form.validated();
      return valid && (await access.permitted(valid, true)) ? valid : undefined;
    },
    onSaved,
  });
  /** The stored account's values into the form, as if it had just opened on them. */
  const takeStored = (from: Account) => {
    form.take(from);
    saves.takeBase(from);
  };
  // A form the user has not touched follows a change stored meanwhile, or, removed, goes back to the list.
  useFollowStored(
    stored,
    () => saves.baseRef.current,
    () => form.touchedRef.current,
    takeStored,
    onCancel,
  );
  const set = (fields: Partial<AccountDraft>) => {
    form.change(fields);
    access.edited(Object.keys(fields));
  };

  return (
    <form
      class="account-form"
      aria-labelledby={fieldId('title')}
      onSubmit={(e) => saves.save(e)}
      noValidate
    >
      <h3 id={fieldId('title')}>
        {isNew ? t('addAccount') : t('editAccountTitle', [accountName(account)])}
      </h3>
      <AccountFields form={form} set={set} />
      <AccessLines
        status={access.status}
        saving={saves.saving}
        set={set}
        keyFormChosen={() => form.setKeyFormChosen(true)}
      />
      {saves.unsaved && (
        <SaveOutcome
          outcome={saves.unsaved}
          shown={(words, newer) => words.accountDifferences(newer, saves.baseRef.current)}
          onKeepMine={(newer) => (e) => saves.save(e, newer)}
          onTakeTheirs={(newer) => (newer ? takeStored(newer) : onCancel())}
        />
      )}
      <div class="actions">
        <button
          type="button"
          onClick={() => {
            const valid = form.validated();
            if (valid) void access.test(valid);
          }}
          disabled={access.status.kind === 'testing' || access.status.kind === 'asking'}
        >
          {t('testConnection')}
        </button>
        <button type="submit" class="primary" aria-busy={saves.saving}>
          {t('save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
