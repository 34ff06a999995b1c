import { useCallback, useEffect, useState } from 'preact/hooks';
import type { CheckAnswer } from '@/lib/extension/messages';
import { heldCheckLine } from '@/lib/outlook/held-check-words';
import { uiLocale } from '@/lib/i18n/translate';

/** How often the words of a held check are told again while it waits ("in 2 minutes", then "shortly"). */
const RETOLD_MS = 15_000;

/**
 * What a page says after the background held a check back for the service's wait (its answer's
 * `waitMs`): when a check can go out, until that time; then nothing, as a click checks at once.
 * `heard` takes each answer (a newer click's replaces the words).
 */
export function useHeldCheck(): {
  words: string | undefined;
  heard: (answer: CheckAnswer) => void;
} {
  const [held, setHeld] = useState<CheckAnswer & { until: number }>();
  const [, retell] = useState(0);
  useEffect(() => {
    if (!held) return;
    const left = held.until - Date.now();
    const timer = setTimeout(
      () => (left > RETOLD_MS ? retell((n) => n + 1) : setHeld(undefined)),
      Math.min(left, RETOLD_MS),
    );
    return () => clearTimeout(timer);
  });
  const heard = useCallback(
    (answer: CheckAnswer) =>
      setHeld(
        answer.waitMs === undefined ? undefined : { ...answer, until: Date.now() + answer.waitMs },
      ),
    [],
  );
  return {
    words:
      held && held.until > Date.now()
        ? heldCheckLine(held.until, Date.now(), uiLocale(), held.partly)
        : undefined,
    heard,
  };
}
