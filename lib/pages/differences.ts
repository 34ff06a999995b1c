import { t } from '@/lib/i18n/translate';
import type { Account } from '@/lib/store/accounts';
import type { AccountFields } from '@/lib/store/fields';
import { differingFields } from '@/lib/store/fields';
import type { Settings } from '@/lib/store/settings';
import { hostOf } from './safe-names';
import { ACCOUNT_LABELS } from './field-labels';
import { NUMBER_FIELDS, SWITCHES } from './settings-input';

// A refusal's words: what another change stored, field by field, against what the form was made
// from, so the user can decide between the two. A secret is named as changed, never shown.

const onOff = (on: boolean) => t(on ? 'switchOn' : 'switchOff');

/** One stored account field, in words. */
function accountValue(key: keyof AccountFields, stored: Account): string {
  const value = stored[key];
  if (key === 'baseUrl') return hostOf(stored.baseUrl);
  if (key === 'keyForm') return t(value === 'header' ? 'keyFormHeader' : 'keyFormMatrix');
  if (key === 'keySource') return t(value === 'app' ? 'keySourceApp' : 'keySourceOwn');
  if (key === 'notifications') return onOff(stored.notifications);
  return String(value ?? '');
}

/**
 * Each field of the stored account that differs from the one the form was made from (`base`;
 * none: a new account, every field), with its stored value; a password or key as changed.
 */
export function accountDifferences(stored: Account, base: Account | undefined): string {
  const keys = (base ? differingFields(stored, base) : Object.keys(stored)).filter(
    (key): key is keyof AccountFields => key in ACCOUNT_LABELS,
  );
  return keys
    .map((key) =>
      key === 'password' || key === 'apiKey'
        ? t('fieldChanged', [t(ACCOUNT_LABELS[key])])
        : t('fieldStoredValue', [t(ACCOUNT_LABELS[key]), accountValue(key, stored)]),
    )
    .join(t('listSeparator'));
}

/** Each stored setting that differs from the ones the form was made from, with its stored value. */
export function settingsDifferences(stored: Settings, base: Settings): string {
  const differing = new Set(differingFields(stored, base));
  const numbers = NUMBER_FIELDS.filter(({ key }) => differing.has(key)).map(
    ({ key, label, unit }) => `${t(label)} ${stored[key]} ${t(unit)}`,
  );
  const switches = SWITCHES.filter(({ key }) => differing.has(key)).map(({ key, label }) =>
    t('fieldStoredValue', [t(label), onOff(stored[key])]),
  );
  return [...numbers, ...switches].join(t('listSeparator'));
}
