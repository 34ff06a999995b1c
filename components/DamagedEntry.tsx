import type { ComponentChildren } from 'preact';
import type { DamagedEntry as Damaged } from '@/lib/store/items';
import { t } from '@/lib/i18n';

/** The name a damaged entry is shown under. */
export const damagedName = (entry: Damaged) => entry.name ?? t('damagedAccountUnnamed');

/** A stored account entry that cannot be read: said so, with the page's actions for it (options: remove). */
export function DamagedEntry({ entry, children }: { entry: Damaged; children?: ComponentChildren }) {
  return (
    <div class="damaged">
      <strong>{damagedName(entry)}</strong>
      <p>{t('damagedAccount')}</p>
      {children}
    </div>
  );
}

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
