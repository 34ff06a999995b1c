import type { DamagedEntry as Damaged, LockReason } from '@/lib/store/items';
import { t } from '@/lib/i18n/translate';
import { DamagedEntry, damagedAnchor, StorageProblems } from '../common/DamagedEntry';
import { openSettingsAt } from '../helpers/open-settings';
import { CardFailure } from './CardFailure';
import { Welcome } from './Welcome';

/** Stored data the popup cannot use as it is, each with the way to the Settings page, where it is dealt with. */
function StorageTrouble({ damaged, problems }: { damaged: Damaged[]; problems: { item: 'accounts' | 'settings'; reason: LockReason }[] }) {
  return (
    <>
      <StorageProblems problems={problems} page="popup" />
      {damaged.map((entry) => (
        <DamagedEntry key={entry.key} entry={entry}>
          <button type="button" onClick={() => openSettingsAt(damagedAnchor(entry))}>
            {t('openSettings')}
          </button>
        </DamagedEntry>
      ))}
    </>
  );
}

/**
 * What the popup shows only in some states (a failure with its fix, damaged storage, the first
 * run): one chunk, loaded on demand (components/on-demand.ts).
 */
export const popupExtras = { CardFailure, StorageTrouble, Welcome };
