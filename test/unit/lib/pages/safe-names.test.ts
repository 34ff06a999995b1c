import { expect, it } from 'vitest';
import { hostOf, safeAccountName } from '@/lib/pages/safe-names';
import type { Account } from '@/lib/store/accounts';
import { account } from '../../helpers/fixtures';

it('names an address by its host and port, and anything else by itself', () => {
  expect(hostOf('https://node.example:8443/dav/')).toBe('node.example:8443');
  expect(hostOf('not an address')).toBe('not an address');
  expect(hostOf(42 as unknown as string)).toBe('42');
});

it('names an account by its label, its user ID, or nothing when the stored fields are not text', () => {
  expect(safeAccountName(account({ label: 'Photos' }))).toBe('Photos');
  expect(safeAccountName(account({ label: ' ' }))).toBe('yamada');
  expect(safeAccountName(account({ label: ' ', userId: '' }))).toBeUndefined();
  expect(safeAccountName({ ...account(), label: 7 } as unknown as Account)).toBeUndefined();
});
