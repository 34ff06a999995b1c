import type { Account } from './accounts';

// An account's or the settings' fields compared: what a page sends, what another change did.

/** An account's fields, all but its id. */
export type AccountFields = Omit<Account, 'id'>;

/** The fields of `account` that differ from `base` (none: every field, a new account). */
export function changedFields(account: Account, base: Account | undefined): Partial<AccountFields> {
  const { id: _id, ...fields } = account;
  if (!base) return fields;
  return Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => base[key as keyof Account] !== value),
  );
}

/** The fields that differ between two stored values of one kind, by name (what another change did). */
export function differingFields<T extends object>(a: T, b: T): (keyof T)[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  return [...keys].filter((key) => key !== 'id' && a[key] !== b[key]);
}
