import { expect, it } from 'vitest';
import { placeHash, readPlace, SECTIONS, type Place } from '@/lib/pages/place';

it('reads each place back from the hash it writes', () => {
  const places: Place[] = [
    ...SECTIONS.map(({ id }) => ({ section: id })),
    { section: 'setup' },
    { section: 'accounts', form: 'add' },
    { section: 'accounts', form: 'edit', accountId: 'home' },
    { section: 'accounts', form: 'own-key', accountId: 'home' },
  ];
  for (const place of places) expect(readPlace(placeHash(place))).toEqual(place);
  expect(placeHash({ section: 'accounts', form: 'edit', accountId: 'home' })).toBe(
    '#accounts/edit/home',
  );
});

it('takes an unknown or unfinished hash for the accounts section', () => {
  for (const hash of ['', '#', '#nowhere', '#accounts/edit', '#accounts/own-key/', '#history/x'])
    expect(readPlace(hash).section, hash).toBe(hash === '#history/x' ? 'history' : 'accounts');
  expect(readPlace('#accounts/edit')).toEqual({ section: 'accounts' });
  expect(readPlace('#settings/add')).toEqual({ section: 'settings' });
});
