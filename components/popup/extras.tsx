import { useLayoutEffect } from 'preact/hooks';
import type { DamagedEntry as Damaged } from '@/lib/store/reads';
import type { LockReason } from '@/lib/store/items';
import type { CheckAnswer } from '@/lib/extension/messages';
import { t } from '@/lib/i18n/translate';
import { DamagedEntry, damagedAnchor, StorageProblems } from '../common/DamagedEntry';
import { openSettingsAt } from '../common/open-settings';
import { CardFailure } from './CardFailure';
import { Welcome } from './Welcome';
import { useHeldCheck } from '../hooks/use-held-check';

/** Stored data the popup cannot use as it is, each with the way to the Settings page, where it is dealt with. */
function StorageTrouble({
  damaged,
  problems,
}: {
  damaged: Damaged[];
  problems: { item: 'accounts' | 'settings'; reason: LockReason }[];
}) {
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

/** When a check can go out again, after Check now was held back by the service's wait (its answer's `waitMs`). */
function HeldCheck({ answer }: { answer: CheckAnswer }) {
  const { words, heard } = useHeldCheck();
  // Before the browser paints: the words come with the answer that brought them.
  useLayoutEffect(() => heard(answer), [answer, heard]);
  return words ? <p role="status">{words}</p> : null;
}

/**
 * What the popup shows only in some states (a failure with its fix, damaged storage, the first
 * run, a check held back by the service's wait): one chunk, loaded on demand (./on-demand.ts).
 */
export const popupExtras = { CardFailure, HeldCheck, StorageTrouble, Welcome };
