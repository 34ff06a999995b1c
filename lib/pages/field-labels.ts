import type { MessageKey } from '@/lib/i18n/translate';
import type { AccountFields } from '@/lib/store/fields';

/** Each account field's label, as the account form names it. */
export const ACCOUNT_LABELS: Record<keyof AccountFields, MessageKey> = {
  label: 'fieldLabel',
  baseUrl: 'fieldServer',
  userId: 'fieldUserId',
  password: 'fieldPassword',
  apiKey: 'fieldApiKey',
  keyForm: 'fieldKeyForm',
  keySource: 'fieldKeySource',
  notifications: 'fieldAccountNotifications',
};
