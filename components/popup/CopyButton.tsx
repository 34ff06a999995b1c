import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/translate';

/** Copies a value to the clipboard and says so, on screen and to screen readers; a refused copy says what to do. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const [refused, setRefused] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      setRefused(true);
      return;
    }
    setRefused(false);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <>
      <button
        type="button"
        class="copy"
        onClick={() => void copy()}
        aria-label={copied ? t('copied') : t('copyLabel', [label])}
      >
        {copied ? t('copied') : t('copy')}
      </button>
      <span role="status" class="visually-hidden">
        {copied ? t('copied') : ''}
      </span>
      {refused && (
        <span class="failure" role="alert">
          {t('copyFailed')}
        </span>
      )}
    </>
  );
}
