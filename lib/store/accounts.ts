import { isObject } from '../basics/guards';
import type { CredentialField } from '../service/failures';
import { isAllowedServerUrl, SERVER_PRESETS } from '../service/addresses';

export { SERVER_PRESETS };
import { KEY_FORMS, requestKey, type KeyForm, type ServiceCredentials } from '../service/client';

/** One service account the extension keeps alive. Credentials live in storage.local only. */
export interface Account extends ServiceCredentials {
  id: string;
  label: string;
  /** This account's own switch for notifications (the global switches still apply). */
  notifications: boolean;
}

/** What a new account has until the user says otherwise: no label, the key in a header (on a custom server: see defaultKeyForm), notices on. */
export const ACCOUNT_DEFAULTS: Pick<Account, 'label' | 'keyForm' | 'notifications'> = {
  label: '',
  keyForm: 'header',
  notifications: true,
};

/**
 * How a new account on this server sends its key. The preset servers get the address form:
 * public clients of the real service spell the header with the service's own name, so the
 * contract's header may be refused there, while `;api_key=` does not depend on a header's name.
 */
export function defaultKeyForm(baseUrl: string): KeyForm {
  return (SERVER_PRESETS as readonly string[]).includes(baseUrl)
    ? 'matrix'
    : ACCOUNT_DEFAULTS.keyForm;
}

/** The credential fields an account still lacks (or has unusable): such an account sends nothing. */
export function missingCredentials(account: ServiceCredentials): CredentialField[] {
  const fields: CredentialField[] = ['userId', 'password', 'apiKey'];
  const missing = fields.filter(
    (field) => (field === 'apiKey' ? requestKey(account) : account[field]).trim() === '',
  );
  return isAllowedServerUrl(account.baseUrl) ? missing : ['baseUrl', ...missing];
}

/** A name for the account in lists, badges and notifications. */
export function accountName(account: Pick<Account, 'label' | 'userId'>): string {
  return account.label.trim() || account.userId;
}

/**
 * Whose account this is: the server and the user ID. When either changes, everything the old
 * server said about the account is forgotten.
 */
export function accountIdentity(account: Pick<Account, 'baseUrl' | 'userId'>): string {
  return JSON.stringify([account.baseUrl, account.userId]);
}

/** Everything a request is sent with: runs with other credentials are never joined or recorded. */
export function credentialsKey(account: ServiceCredentials): string {
  return JSON.stringify([
    account.baseUrl,
    account.userId,
    account.password,
    account.apiKey,
    account.keyForm,
    account.keySource ?? 'own',
  ]);
}

/** Whether a stored value is a whole account as the Settings page saves it. */
export function isStoredAccount(value: unknown): value is Account {
  const a = value;
  return (
    isObject(a) &&
    typeof a.id === 'string' &&
    a.id !== '' &&
    ['label', 'baseUrl', 'userId', 'password', 'apiKey'].every(
      (key) => typeof a[key] === 'string',
    ) &&
    (KEY_FORMS as readonly unknown[]).includes(a.keyForm) &&
    (a.keySource === undefined || a.keySource === 'app' || a.keySource === 'own') &&
    typeof a.notifications === 'boolean'
  );
}

/** A new account's form: the first preset server, the address form it defaults to, and the build's key when it has one (`appKey`). */
export const blankAccount = (appKey: boolean): Account => ({
  ...ACCOUNT_DEFAULTS,
  id: newAccountId(),
  baseUrl: SERVER_PRESETS[0],
  userId: '',
  password: '',
  apiKey: '',
  keyForm: defaultKeyForm(SERVER_PRESETS[0]),
  keySource: appKey ? 'app' : 'own',
});

/** A new account id, unique enough for a list a person keeps by hand. */
export function newAccountId(): string {
  return crypto.randomUUID();
}
