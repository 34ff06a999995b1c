import type { ComponentChildren } from 'preact';
import { t, type MessageKey } from '@/lib/i18n/translate';

interface Props {
  id: string;
  label: string;
  /** An i18n key from validation, shown beside the field. */
  error?: string;
  hint?: ComponentChildren;
  children: ComponentChildren;
}

/** A labelled form control with its hint and its own error message. */
export function Field({ id, label, error, hint, children }: Props) {
  return (
    <div class={`field${error ? ' field--invalid' : ''}`}>
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field__error" id={`${id}-error`} role="alert">
          {t(error as MessageKey)}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its hint and error. */
export function describedBy(id: string, error?: string, hint = false) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}
