import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { DamagedEntry as Damaged } from '@/lib/store/reads';
import { t } from '@/lib/i18n/translate';

/** The name a damaged entry is shown under. */
export const damagedName = (entry: Damaged) => entry.name ?? t('damagedAccountUnnamed');

/**
 * Where a damaged entry is on the Settings page (its address's #fragment): a short hash of the
 * entry's stored text, the same in every page that reads the same storage.
 */
export function damagedAnchor(entry: Damaged): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < entry.key.length; i++)
    hash = Math.imul(hash ^ entry.key.charCodeAt(i), 0x01000193);
  return `damaged-${(hash >>> 0).toString(36)}`;
}

/** A stored account entry that cannot be read: said so, with the page's actions for it (options: remove). */
export function DamagedEntry({
  entry,
  children,
}: {
  entry: Damaged;
  children?: ComponentChildren;
}) {
  const anchor = damagedAnchor(entry);
  const box = useRef<HTMLDivElement>(null);
  // Opened from the popup at this entry: it is drawn after storage is read, so the browser's own
  // jump to the fragment came too early.
  useEffect(() => {
    if (location.hash === `#${anchor}`) {
      box.current?.scrollIntoView?.({ block: 'center' });
      box.current?.focus();
    }
  }, [anchor]);
  return (
    <div class="damaged" id={anchor} ref={box} tabIndex={-1}>
      <strong>{damagedName(entry)}</strong>
      <p>{t('damagedAccount')}</p>
      {children}
    </div>
  );
}

/**
 * What the pages say about stored data this version may not change. A damaged list is removed
 * on the Settings page: the popup sends the user there, the Settings page to the entry below.
 */
export function StorageProblems({
  problems,
  page,
}: {
  problems: { item: 'accounts' | 'settings'; reason: string }[];
  page: 'popup' | 'settings';
}) {
  if (problems.length === 0) return null;
  return (
    <div class="failure">
      {problems.map(({ item, reason }) => (
        <p key={item}>
          {reason === 'newer-version'
            ? t(item === 'accounts' ? 'storageAccountsNewer' : 'storageSettingsNewer')
            : t(page === 'popup' ? 'storageAccountsNotAListPopup' : 'storageAccountsNotAList')}
        </p>
      ))}
    </div>
  );
}
