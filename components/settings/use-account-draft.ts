import { useRef, useState } from 'preact/hooks';
import { SERVER_PRESETS, type Account } from '@/lib/store/accounts';
import { hasAppApiKey } from '@/lib/service/app-key';
import { takesAppKey } from '@/lib/service/addresses';
import { accountDraftSchema, fieldErrors, type AccountDraft } from '@/lib/input/form-schemas';

const isPreset = (baseUrl: string) => (SERVER_PRESETS as readonly string[]).includes(baseUrl);

/** An account's values as its form shows them (in a build with an application key, which key it uses). */
export const draftOf = (from: Account): AccountDraft => ({
  ...from,
  keySource: hasAppApiKey() ? (from.keySource ?? 'own') : 'own',
});

/** The draft as it would be tested or saved (a custom server cannot take the application key). */
export const checkedDraft = (values: AccountDraft) =>
  accountDraftSchema.safeParse(
    hasAppApiKey() && takesAppKey(values.baseUrl) ? values : { ...values, keySource: 'own' },
  );

/**
 * An account form's values as typed, each field's error, and whether the user has touchedRef them:
 * `latestRef` is the values on screen now (for an answer that arrives after an edit); `validated`
 * checks them, showing each error beside its field; `take` puts an account's values in, as if
 * the form had just opened on it.
 */
export function useAccountDraft(account: Account, isNew: boolean) {
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(account));
  const latestRef = useRef(draft);
  const touchedRef = useRef(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [custom, setCustom] = useState(!isPreset(account.baseUrl));
  const [keyFormChosen, setKeyFormChosen] = useState(!isNew);

  /** Changes draft fields (by the user). */
  const change = (fields: Partial<AccountDraft>) => {
    touchedRef.current = true;
    latestRef.current = { ...latestRef.current, ...fields };
    setDraft(latestRef.current);
  };

  function take(from: Account) {
    touchedRef.current = false;
    latestRef.current = draftOf(from);
    setDraft(latestRef.current);
    setCustom(!isPreset(from.baseUrl));
  }

  function validated(): AccountDraft | undefined {
    const parsed = checkedDraft(latestRef.current);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    return parsed.success ? parsed.data : undefined;
  }

  return {
    draft,
    latestRef,
    touchedRef,
    errors,
    custom,
    setCustom,
    keyFormChosen,
    setKeyFormChosen,
    change,
    take,
    validated,
  };
}

export type AccountDraftState = ReturnType<typeof useAccountDraft>;
