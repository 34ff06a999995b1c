import type { ComponentChildren } from 'preact';
import type { DamagedAccount as Damaged } from '@/lib/storage';
import { t } from '@/lib/i18n';

/** A stored account entry that cannot be read: said so, with the page's way to remove it (`children`) if it has one. */
export function DamagedAccount({ entry, children }: { entry: Damaged; children?: ComponentChildren }) {
  return (
    <div class="damaged">
      <strong>{damagedName(entry)}</strong>
      <p>{t('damagedAccount')}</p>
      {children}
    </div>
  );
}

/** The name a damaged entry is shown under. */
export const damagedName = (entry: Damaged) => entry.name ?? t('damagedAccountUnnamed');

/** What the pages say about stored data this version may not change. */
export function StorageProblems({ problems }: { problems: { item: 'accounts' | 'settings'; reason: string }[] }) {
  if (problems.length === 0) return null;
  return (
    <div class="failure">
      {problems.map(({ item, reason }) => (
        <p key={item}>
          {reason === 'newer-version'
            ? t(item === 'accounts' ? 'storageAccountsNewer' : 'storageSettingsNewer')
            : t('storageAccountsNotAList')}
        </p>
      ))}
    </div>
  );
}
