import { KEY_FORMS } from '@/lib/service/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  accountName,
  credentialsKey,
  defaultKeyForm,
  SERVER_PRESETS,
  type Account,
} from '@/lib/store/accounts';
import { hasAppApiKey } from '@/lib/service/app-key';
import { takesAppKey } from '@/lib/service/addresses';
import { t, uiLocale } from '@/lib/i18n/translate';
import type { ConnectionReport } from '@/lib/extension/messages';
import { answerLimitSeconds, NoAnswer, sendCommand } from '../helpers/send-command';
import type { ChangeOutcome } from '../helpers/send-change';
import { requestHostPermissions } from '@/lib/extension/permissions';
import { holdChecks } from '@/lib/extension/checks-hold';
import { revisionOf } from '@/lib/store/revision';
import { SaveOutcome } from './SaveOutcome';
import { accountDraftSchema, fieldErrors, type AccountDraft } from '@/lib/input/form-schemas';
import { ConnectionResult } from './ConnectionResult';
import { describedBy, Field } from './Field';
import { hostOf } from '../helpers/safe-names';

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
  /** Saves the account made from the stored one at `revision` (none: a new account): what came of it. */
  onSave: (account: Account, revision: string | undefined) => Promise<ChangeOutcome<Account>>;
  onCancel: () => void;
}

type Status =
  | { kind: 'idle' }
  /** The browser's permission prompt is open. */
  | { kind: 'asking'; origins: string[] }
  // A refusal keeps the test's report: saving again must still ask for the node it named.
  | { kind: 'refused'; origins: string[]; report?: ConnectionReport; tested?: string }
  | { kind: 'testing' }
  /** The background could not carry out the test. */
  | { kind: 'test-failed' }
  /** The background did not answer within the test's limit (a lost answer, or a worker that never started). */
  | { kind: 'no-answer' }
  /** Stopped by a change of the account (its Save clicked, in this tab or another). */
  | { kind: 'test-stopped' }
  /** `tested`: the credentials key of the values tested (see credentialsKey). */
  | { kind: 'tested'; report: ConnectionReport; draft: AccountDraft; tested: string };

/** The fields a connection test depends on: editing one makes its result stale. */
const TESTED_FIELDS: ReadonlySet<keyof AccountDraft> = new Set([
  'baseUrl',
  'userId',
  'password',
  'apiKey',
  'keyForm',
  'keySource',
]);

/**
 * Adds or edits an account; tests unsaved values; asks for host access when saving. In a build
 * with an application key, the account may use it (no key field) or a key of its own.
 */
export function AccountForm({ account, stored, isNew, onSave, onCancel }: Props) {
  const appKey = hasAppApiKey();
  const draftOf = (from: Account): AccountDraft => ({
    ...from,
    keySource: appKey ? (from.keySource ?? 'own') : 'own',
  });
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(account));
  // The stored account the form's values were made from: a save names its revision, and the
  // background refuses it when another change was stored since (in another tab, say).
  const [base, setBase] = useState(stored ?? undefined);
  const touchedRef = useRef(false);
  const [saveOutcome, setSaveOutcome] =
    useState<Exclude<ChangeOutcome<Account>, { kind: 'saved' }>>();
  // A form the user has not touched follows a change stored meanwhile: its account's new values,
  // or, removed, back to the list.
  const storedRevision = stored === null ? null : stored && revisionOf(stored);
  useEffect(() => {
    if (stored === undefined || touchedRef.current) return;
    if (stored === null) return onCancel();
    if (base && revisionOf(base) === storedRevision) return;
    takeStored(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `storedRevision` is `stored` by value: a new object with the same values changes nothing
  }, [storedRevision]);
  // The values on screen now, for a test whose answer arrives after the user edited a field.
  const latestRef = useRef(draft);
  const [keyFormChosen, setKeyFormChosen] = useState(!isNew);
  const [custom, setCustom] = useState(
    !(SERVER_PRESETS as readonly string[]).includes(account.baseUrl),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reveal, setReveal] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const locale = uiLocale();
  // The publisher's key goes only to the servers it was issued for: a custom server needs the user's own.
  const appKeyOffered = appKey && takesAppKey(draft.baseUrl);
  /** Changes draft fields; a test result about other values is no result: it goes, and so does the node it named. */
  const change = (fields: Partial<AccountDraft>) => {
    touchedRef.current = true;
    latestRef.current = { ...draft, ...fields };
    setDraft(latestRef.current);
    const stale = (Object.keys(fields) as (keyof AccountDraft)[]).some((key) =>
      TESTED_FIELDS.has(key),
    );
    if (stale && status.kind !== 'testing' && status.kind !== 'asking') setStatus({ kind: 'idle' });
  };
  const set = <K extends keyof AccountDraft>(key: K, value: AccountDraft[K]) =>
    change({ [key]: value });
  const id = (name: string) => `account-${name}`;
  /** A text input bound to one draft field, with its hint and that field's error beside it. */
  const text = (
    key: 'label' | 'baseUrl' | 'userId' | 'apiKey',
    label: string,
    attrs: Record<string, string> = {},
    hint?: string,
  ) => (
    <Field id={id(key)} label={label} error={errors[key]} hint={hint}>
      <input
        id={id(key)}
        value={draft[key]}
        onInput={(e) => set(key, e.currentTarget.value)}
        {...attrs}
        {...describedBy(id(key), errors[key], hint !== undefined)}
      />
    </Field>
  );

  /** The stored account's values into the form, as if it had just opened on them. */
  function takeStored(from: Account) {
    touchedRef.current = false;
    latestRef.current = draftOf(from);
    setDraft(latestRef.current);
    setBase(from);
    setCustom(!(SERVER_PRESETS as readonly string[]).includes(from.baseUrl));
    setSaveOutcome(undefined);
  }

  /** The draft as it would be tested or saved (a custom server cannot take the application key). */
  const checked = (values: AccountDraft) =>
    accountDraftSchema.safeParse(
      appKey && takesAppKey(values.baseUrl) ? values : { ...values, keySource: 'own' },
    );

  /** Validates, then asks for the hosts (first await: still inside the click). */
  async function permitted(withNode: boolean): Promise<AccountDraft | undefined> {
    const parsed = checked(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return undefined;
    }
    setErrors({});
    // Only a test of exactly these values may add its node to what is asked for.
    const tested = status.kind === 'tested' || status.kind === 'refused' ? status : undefined;
    const key = credentialsKey(parsed.data);
    const report = tested?.tested === key ? tested.report : undefined;
    const node = withNode ? report?.nodeOrigin : undefined;
    const origins = [parsed.data.baseUrl, ...(node ? [node] : [])];
    const granted = await requestHostPermissions(origins, () =>
      setStatus({ kind: 'asking', origins }),
    );
    setStatus(
      granted
        ? { kind: 'idle' }
        : { kind: 'refused', origins, ...(report && { report, tested: key }) },
    );
    return granted ? parsed.data : undefined;
  }

  async function test() {
    const valid = await permitted(false);
    if (!valid) return;
    setStatus({ kind: 'testing' });
    const tested = credentialsKey(valid);
    try {
      const report = await sendCommand('testConnection', { draft: valid, accountId: account.id });
      if ('stopped' in report) return setStatus({ kind: 'test-stopped' });
      // A result applies only to the values it tested: edited meanwhile, it is no result.
      const now = checked(latestRef.current);
      setStatus(
        now.success && credentialsKey(now.data) === tested
          ? { kind: 'tested', report, draft: valid, tested }
          : { kind: 'idle' },
      );
    } catch (error) {
      setStatus({ kind: error instanceof NoAnswer ? 'no-answer' : 'test-failed' });
    }
  }

  /**
   * Saves over the stored revision `over` (the form's own, or, to keep the user's values, the
   * newer one; null: over none, the account having been removed meanwhile).
   */
  async function save(event: Event, over: Account | null | undefined = base) {
    event.preventDefault();
    // From the click, before the prompt and the messaging library: the account's checks stop
    // (a Test connection too, in any tab) until the change is stored or given up.
    const release = isNew ? undefined : holdChecks(account.id);
    try {
      const valid = await permitted(true);
      if (!valid) return;
      const outcome = await onSave(
        { ...valid, id: account.id },
        over ? revisionOf(over) : undefined,
      );
      setSaveOutcome(outcome.kind === 'saved' ? undefined : outcome);
    } finally {
      release?.();
    }
  }

  return (
    <form
      class="account-form"
      aria-labelledby={id('title')}
      onSubmit={(e) => void save(e)}
      noValidate
    >
      <h3 id={id('title')}>
        {isNew ? t('addAccount') : t('editAccountTitle', [accountName(account)])}
      </h3>
      {text('label', t('fieldLabel'))}
      <Field id={id('server')} label={t('fieldServer')} error={custom ? undefined : errors.baseUrl}>
        <select
          id={id('server')}
          value={custom ? 'custom' : draft.baseUrl}
          onChange={(e) => {
            const baseUrl = e.currentTarget.value === 'custom' ? '' : e.currentTarget.value;
            setCustom(baseUrl === '');
            change({ baseUrl, ...(!keyFormChosen && { keyForm: defaultKeyForm(baseUrl) }) });
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
        id={id('password')}
        label={t('fieldPassword')}
        error={errors.password}
        hint={t('passwordHint')}
      >
        <div class="with-button">
          <input
            id={id('password')}
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Preact types an input's attributes by one literal type; the rule misreads the union
            type={(reveal ? 'text' : 'password') as 'text'}
            autocomplete="off"
            value={draft.password}
            onInput={(e) => set('password', e.currentTarget.value)}
            {...describedBy(id('password'), errors.password, true)}
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
                onChange={() => set('keySource', source)}
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
        {KEY_FORMS.map((form) => (
          <label key={form}>
            <input
              type="radio"
              name="keyForm"
              value={form}
              checked={draft.keyForm === form}
              onChange={() => {
                setKeyFormChosen(true);
                set('keyForm', form);
              }}
            />
            {form === 'header' ? t('keyFormHeader') : t('keyFormMatrix')}
          </label>
        ))}
      </fieldset>
      <label class="switch">
        <input
          type="checkbox"
          checked={draft.notifications}
          onChange={(e) => set('notifications', e.currentTarget.checked)}
        />
        {t('fieldAccountNotifications')}
      </label>
      <div role="status" class="form-status">
        {status.kind === 'asking' && (
          <p>{t('waitingForPermission', [status.origins.join(', ')])}</p>
        )}
        {status.kind === 'testing' && <p>{t('testing')}</p>}
        {status.kind === 'tested' && (
          <ConnectionResult
            report={status.report}
            keyForm={status.draft.keyForm}
            keySource={status.draft.keySource}
            locale={locale}
            onUseOwnKey={() => set('keySource', 'own')}
            onUseAddressForm={() => {
              setKeyFormChosen(true);
              set('keyForm', 'matrix');
            }}
          />
        )}
      </div>
      {status.kind === 'refused' && (
        <p class="failure" role="alert">
          {t('permissionRefused', [status.origins.join(', ')])}
        </p>
      )}
      {status.kind === 'test-failed' && (
        <p class="failure" role="alert">
          {t('testFailed')}
        </p>
      )}
      {status.kind === 'no-answer' && (
        <p class="failure" role="alert">
          {t('testNoAnswer', [answerLimitSeconds('testConnection')])}
        </p>
      )}
      {status.kind === 'test-stopped' && (
        <p class="failure" role="alert">
          {t('testStopped')}
        </p>
      )}
      {saveOutcome && (
        <SaveOutcome
          outcome={saveOutcome}
          shown={(stored) => t('accountAt', [stored.userId, hostOf(stored.baseUrl)])}
          onKeepMine={(stored) => (e) => void save(e, stored)}
          onTakeTheirs={(stored) => (stored ? takeStored(stored) : onCancel())}
        />
      )}
      <div class="actions">
        <button
          type="button"
          onClick={() => void test()}
          disabled={status.kind === 'testing' || status.kind === 'asking'}
        >
          {t('testConnection')}
        </button>
        <button type="submit" class="primary">
          {t('save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
