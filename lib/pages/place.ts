import type { MessageKey } from '@/lib/i18n/translate';

/**
 * The settings page's sections, in navigation order, with the label of each. To add a section:
 * add it here (id and label key) and give it its content in entrypoints/options/App.tsx.
 */
export const SECTIONS = [
  { id: 'accounts', label: 'accountsHeading' },
  { id: 'history', label: 'historyHeading' },
  { id: 'activity', label: 'activityHeading' },
  { id: 'settings', label: 'settingsHeading' },
  { id: 'transfer', label: 'transferHeading' },
  { id: 'data', label: 'dataHeading' },
] as const satisfies readonly { id: string; label: MessageKey }[];

export type Section = (typeof SECTIONS)[number]['id'];

/**
 * Where the page is, kept in its hash so reload and back keep it: a section; the setup walk-
 * through (`#setup`, opened on install); or, in the accounts section, the form adding an account
 * (`#accounts/add`) or editing one (`#accounts/edit/<id>`, or `#accounts/own-key/<id>` to enter
 * a key of its own).
 */
export type Place =
  | { section: Section | 'setup'; form?: undefined }
  | { section: 'accounts'; form: 'add' }
  | { section: 'accounts'; form: 'edit' | 'own-key'; accountId: string };

/** The place a hash names; anything unknown is the accounts section. */
export function readPlace(hash: string): Place {
  const [section = '', form, accountId] = hash.replace(/^#/, '').split('/');
  if (section === 'setup') return { section };
  if (section === 'accounts' && form === 'add') return { section, form };
  if (section === 'accounts' && (form === 'edit' || form === 'own-key') && accountId)
    return { section, form, accountId };
  return { section: SECTIONS.find(({ id }) => id === section)?.id ?? 'accounts' };
}

/** The hash of a place. */
export function placeHash(place: Place): string {
  return (
    '#' +
    [
      place.section,
      place.form,
      place.form === 'edit' || place.form === 'own-key' ? place.accountId : undefined,
    ]
      .filter(Boolean)
      .join('/')
  );
}
