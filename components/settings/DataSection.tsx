import { useState } from 'preact/hooks';
import { ConfirmButton } from './ConfirmButton';
import type { NotMade } from '@/lib/pages/send-change';
import { allRemoved } from '@/lib/pages/change-made';
import { sendChange } from '@/lib/pages/send-change';
import { ChangeFailure } from './SaveOutcome';
import { beginChange } from '@/lib/extension/change-port';
import { t } from '@/lib/i18n/translate';

/** "Remove all data": carried out by the background; when it was not, the section says why. */
export function DataSection({ onRemoved }: { onRemoved: () => void }) {
  const [notMade, setNotMade] = useState<NotMade>();
  async function removeEverything() {
    const outcome = await sendChange(beginChange(), { kind: 'remove-all' }, allRemoved());
    if (outcome.kind === 'saved') return onRemoved();
    if (outcome.kind !== 'newer') setNotMade(outcome);
  }
  return (
    <>
      <p>{t('dataIntro')}</p>
      <ConfirmButton
        label={t('removeAllData')}
        question={t('removeAllDataQuestion')}
        onConfirm={removeEverything}
      />
      {notMade && <ChangeFailure outcome={notMade} />}
    </>
  );
}
