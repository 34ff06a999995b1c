import type { CredentialField } from './failures';
import type { KeyForm, ServiceCredentials } from './service-api';

/** One service account the extension keeps alive. Credentials live in storage.local only. */
export interface Account extends ServiceCredentials {
  id: string;
  label: string;
  /** This account's own switch for notifications (the global switches still apply). */
  notifications: boolean;
}

/** The real service's API servers, offered as presets; anything else is a custom server. */
export const SERVER_PRESETS = ['https://api.infini-cloud.net', 'https://api.teracloud.jp'] as const;

export const DEFAULT_KEY_FORM: KeyForm = 'header';

/** The credential fields an account still lacks: such an account sends nothing. */
export function missingCredentials(account: ServiceCredentials): CredentialField[] {
  const fields: CredentialField[] = ['baseUrl', 'userId', 'password', 'apiKey'];
  return fields.filter((field) => account[field].trim() === '');
}

/** A name for the account in lists, badges and notifications. */
export function accountName(account: Pick<Account, 'label' | 'userId'>): string {
  return account.label.trim() || account.userId;
}

/** A new account id, unique enough for a list a person keeps by hand. */
export function newAccountId(): string {
  return crypto.randomUUID();
}
