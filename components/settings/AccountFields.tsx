import { useState } from 'preact/hooks';
import { KEY_FORMS } from '@/lib/service/client';
import { defaultKeyForm, SERVER_PRESETS } from '@/lib/store/accounts';
import { hasAppApiKey } from '@/lib/service/app-key';
import { takesAppKey } from '@/lib/service/addresses';
import type { AccountDraft } from '@/lib/input/form-schemas';
import { t } from '@/lib/i18n/translate';
import type { AccountDraftState } from './use-account-draft';
import { describedBy, Field } from './Field';

/** An account form's element id. */
export const fieldId = (name: string) => `account-${name}`;

interface Props {
  form: AccountDraftState;
  /** Sets draft fields (the user's edit). */
  set: (fields: Partial<AccountDraft>) => void;
}

/** An account form's fields: name, server, user ID, password, key (unless the build's), key form, notifications. */
export function AccountFields({ form, set }: Props) {
  const { draft, errors, custom } = form;
  const [reveal, setReveal] = useState(false);
  // The publisher's key goes only to the servers it was issued for: a custom server needs the user's own.
  const appKeyOffered = hasAppApiKey() && takesAppKey(draft.baseUrl);
  /** A text input bound to one draft field, with its hint and that field's error beside it. */
  const text = (
    key: 'label' | 'baseUrl' | 'userId' | 'apiKey',
    label: string,
    attrs: Record<string, string> = {},
    hint?: string,
  ) => (
    <Field id={fieldId(key)} label={label} error={errors[key]} hint={hint}>
      <input
        id={fieldId(key)}
        value={draft[key]}
        onInput={(e) => set({ [key]: e.currentTarget.value })}
        {...attrs}
        {...describedBy(fieldId(key), errors[key], hint !== undefined)}
      />
    </Field>
  );
  return (
    <>
      {text('label', t('fieldLabel'))}
      <Field
        id={fieldId('server')}
        label={t('fieldServer')}
        error={custom ? undefined : errors.baseUrl}
      >
        <select
          id={fieldId('server')}
          value={custom ? 'custom' : draft.baseUrl}
          onChange={(e) => {
            const baseUrl = e.currentTarget.value === 'custom' ? '' : e.currentTarget.value;
            form.setCustom(baseUrl === '');
            set({ baseUrl, ...(!form.keyFormChosen && { keyForm: defaultKeyForm(baseUrl) }) });
          }}
        >
          {SERVER_PRESETS.map((url) => (
            <option key={url} value={url}>
              {new URL(url).hostname}
            </option>
          ))}
          <option value="custom">{t('serverCustom')}</option>
        </select>
      </Field>
      {custom && text('baseUrl', t('fieldCustomServer'), { type: 'url', placeholder: 'https://' })}
      {text('userId', t('fieldUserId'), { autocomplete: 'username' }, t('userIdHint'))}
      <Field
        id={fieldId('password')}
        label={t('fieldPassword')}
        error={errors.password}
        hint={t('passwordHint')}
      >
        <div class="with-button">
          <input
            id={fieldId('password')}
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Preact types an input's attributes by one literal type; the rule misreads the union
            type={(reveal ? 'text' : 'password') as 'text'}
            autocomplete="off"
            value={draft.password}
            onInput={(e) => set({ password: e.currentTarget.value })}
            {...describedBy(fieldId('password'), errors.password, true)}
          />
          <button type="button" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
            {t('showPassword')}
          </button>
        </div>
      </Field>
      {appKeyOffered && (
        <fieldset class="choice">
          <legend>{t('fieldKeySource')}</legend>
          {(['app', 'own'] as const).map((source) => (
            <label key={source}>
              <input
                type="radio"
                name="keySource"
                value={source}
                checked={draft.keySource === source}
                onChange={() => set({ keySource: source })}
              />
              {source === 'app' ? t('keySourceApp') : t('keySourceOwn')}
            </label>
          ))}
        </fieldset>
      )}
      {(draft.keySource === 'own' || !appKeyOffered) &&
        text(
          'apiKey',
          t('fieldApiKey'),
          { autocomplete: 'off', spellcheck: 'false' },
          t('apiKeyHint'),
        )}
      <fieldset class="choice">
        <legend>{t('fieldKeyForm')}</legend>
        {KEY_FORMS.map((keyForm) => (
          <label key={keyForm}>
            <input
              type="radio"
              name="keyForm"
              value={keyForm}
              checked={draft.keyForm === keyForm}
              onChange={() => {
                form.setKeyFormChosen(true);
                set({ keyForm });
              }}
            />
            {keyForm === 'header' ? t('keyFormHeader') : t('keyFormMatrix')}
          </label>
        ))}
      </fieldset>
      <label class="switch">
        <input
          type="checkbox"
          checked={draft.notifications}
          onChange={(e) => set({ notifications: e.currentTarget.checked })}
        />
        {t('fieldAccountNotifications')}
      </label>
    </>
  );
}
