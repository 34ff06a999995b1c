import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';

interface Props {
  label: string;
  question: string;
  onConfirm: () => void | Promise<void>;
}

/** A destructive button that asks once more, in the page (keyboard- and screen-reader-friendly), and says when it failed. */
export function ConfirmButton({ label, question, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function confirm() {
    try {
      await onConfirm();
      setFailure(undefined);
    } catch (error) {
      // Data a newer version wrote is locked (an error with its lock's reason): said as such; anything else the browser refused.
      setFailure(t(error instanceof Error && 'reason' in error ? 'removeRefused' : 'removeFailed'));
      setAsking(false);
    }
  }
  if (!asking) {
    return (
      <>
        <button type="button" class="danger" onClick={() => setAsking(true)}>
          {label}
        </button>
        {failure && (
          <p class="failure" role="alert">
            {failure}
          </p>
        )}
      </>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" class="danger" onClick={() => void confirm()}>
        {t('confirmYes', [label])}
      </button>
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        {t('cancel')}
      </button>
    </span>
  );
}
