import { t } from '@/lib/i18n/translate';
import type { ChangeOutcome } from '../helpers/send-change';

interface Props<Stored> {
  /** What came of a save that was not made. */
  outcome: Exclude<ChangeOutcome<Stored>, { kind: 'saved' }>;
  /** The stored values to compare with the form's, in words. */
  shown: (stored: Stored) => string;
  /** Saves the form's values over the newer stored ones (a click handler: it may ask for hosts). */
  onKeepMine: (stored: Stored | null) => (event: Event) => void;
  /** Takes the stored values into the form (null: removed meanwhile). */
  onTakeTheirs: (stored: Stored | null) => void;
}

/**
 * Why a save was not made, in one line: a newer change stored meanwhile (with the stored values
 * to compare, and a way to keep either), data the extension may not overwrite, the background's
 * own error, or no answer (storage read: the change is not there).
 */
export function SaveOutcome<Stored>({ outcome, shown, onKeepMine, onTakeTheirs }: Props<Stored>) {
  if (outcome.kind !== 'newer') return <ChangeFailure outcome={outcome} />;
  const { stored } = outcome;
  return (
    <p class="failure" role="alert">
      {stored === null ? t('saveRemovedMeanwhile') : t('saveNewer', [shown(stored)])}{' '}
      <button type="button" onClick={onKeepMine(stored)}>
        {t('keepMine')}
      </button>{' '}
      <button type="button" onClick={() => onTakeTheirs(stored)}>
        {t('takeTheirs')}
      </button>
    </p>
  );
}

/** Why a change was not made, when no newer change stood in its way: each failure named as what it was. */
export function ChangeFailure({
  outcome,
}: {
  outcome: Exclude<ChangeOutcome, { kind: 'saved' | 'newer' }>;
}) {
  return (
    <p class="failure" role="alert">
      {outcome.kind === 'refused'
        ? t('saveRefused')
        : outcome.kind === 'failed'
          ? t('saveFailed', [outcome.message])
          : t('saveNoAnswer')}
    </p>
  );
}
