import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';
import type { NotMade } from '@/lib/pages/send-change';

/** A save not made: a newer value stored meanwhile (null: removed), or another reason. */
export type Unsaved<Stored> = { kind: 'newer'; stored: Stored | null } | NotMade;

interface Props<Stored> {
  outcome: Unsaved<Stored>;
  /** Each stored value that differs from what the form was made from, in the refusal's words. */
  shown: (words: RefusalWords, stored: Stored) => string;
  /** Saves the user's own changes over the newer stored value (a click handler: it may ask for hosts). */
  onKeepMine: (stored: Stored | null) => (event: Event) => void;
  /** Takes the stored values into the form (null: removed meanwhile). */
  onTakeTheirs: (stored: Stored | null) => void;
}

/**
 * Why a save was not made, in one line: a newer change stored meanwhile (each field it changed,
 * and a way to keep either), data the extension may not overwrite, the background's own error,
 * or no answer (storage read: the change is not there).
 */
export function SaveOutcome<Stored>({ outcome, shown, onKeepMine, onTakeTheirs }: Props<Stored>) {
  const words = useRefusalWords(outcome.kind === 'newer');
  if (outcome.kind !== 'newer') return <ChangeFailure outcome={outcome} />;
  const { stored } = outcome;
  if (stored !== null && !words) return null;
  return (
    <p class="failure" role="alert">
      {stored === null ? t('saveRemovedMeanwhile') : t('saveNewer', [shown(words!, stored)])}{' '}
      <button type="button" onClick={onKeepMine(stored)}>
        {t('keepMine')}
      </button>{' '}
      <button type="button" onClick={() => onTakeTheirs(stored)}>
        {t('takeTheirs')}
      </button>
    </p>
  );
}

/** The refusal's words (lib/pages/differences.ts), loaded the first time a refusal is shown: few opens need them. */
type RefusalWords = typeof import('@/lib/pages/differences');
let refusalWords: RefusalWords | undefined;

function useRefusalWords(needed: boolean): RefusalWords | undefined {
  const [words, setWords] = useState(refusalWords);
  useEffect(() => {
    if (needed && !words)
      void import('@/lib/pages/differences').then((loaded) => setWords((refusalWords = loaded)));
  }, [needed, words]);
  return words;
}

/** Why a change was not made, when no newer change stood in its way: each failure named as what it was. */
export function ChangeFailure({ outcome }: { outcome: NotMade }) {
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
