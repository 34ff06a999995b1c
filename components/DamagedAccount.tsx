import type { DamagedAccount as Damaged } from '@/lib/storage';
import { t } from '@/lib/i18n';
import { ConfirmButton } from './ConfirmButton';

/** A stored account entry that cannot be read: said so, with a way to remove it where one is given. */
export function DamagedAccount({ entry, onRemove }: { entry: Damaged; onRemove?: (entry: Damaged) => Promise<void> }) {
  const name = entry.name ?? t('damagedAccountUnnamed');
  return (
    <div class="damaged">
      <strong>{name}</strong>
      <p>{t('damagedAccount')}</p>
      {onRemove && (
        <ConfirmButton label={t('remove')} question={t('removeAccountQuestion', [name])} onConfirm={() => onRemove(entry)} />
      )}
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
