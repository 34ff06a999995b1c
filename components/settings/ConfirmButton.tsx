import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';

interface Props {
  label: string;
  question: string;
  /** Carries it out; a change not made is said by the caller (ChangeFailure), never thrown. */
  onConfirm: () => Promise<void>;
}

/** A destructive button that asks once more, in the page (keyboard- and screen-reader-friendly). */
export function ConfirmButton({ label, question, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" class="danger" onClick={() => void onConfirm()}>
        {t('confirmYes', [label])}
      </button>
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        {t('cancel')}
      </button>
    </span>
  );
}
