import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';

interface Props {
  label: string;
  question: string;
  /**
   * Carries it out (its change begun in this call, before any await); a change not made is said
   * by the caller (ChangeFailure), never thrown.
   */
  onConfirm: () => Promise<void>;
}

/**
 * A destructive button that asks once more, in the page (keyboard- and screen-reader-friendly).
 * While its change runs, it is busy: a second click sends nothing.
 */
export function ConfirmButton({ label, question, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set at once: a second click may come before the page is drawn again.
  const runningRef = useRef(false);
  async function confirm() {
    if (runningRef.current) return;
    runningRef.current = true;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      runningRef.current = false;
      setBusy(false);
    }
  }
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
      <button
        type="button"
        class="danger"
        onClick={() => void confirm()}
        disabled={busy}
        aria-busy={busy}
      >
        {t('confirmYes', [label])}
      </button>
      <button type="button" onClick={() => setAsking(false)} autoFocus disabled={busy}>
        {t('cancel')}
      </button>
    </span>
  );
}
