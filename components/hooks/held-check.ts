import { useEffect, useState } from 'preact/hooks';
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
export function useHeldCheck(): { words: string | undefined; heard: (answer: CheckAnswer) => void } {
  const [held, setHeld] = useState<{ until: number; partly: boolean }>();
  const until = held?.until;
  const [, retell] = useState(0);
  useEffect(() => {
    if (until === undefined) return;
    const left = until - Date.now();
    const timer = setTimeout(() => (left <= RETOLD_MS ? setHeld(undefined) : retell((n) => n + 1)), Math.max(0, Math.min(left, RETOLD_MS)));
    return () => clearTimeout(timer);
  });
  const heard = ({ waitMs, partly }: CheckAnswer) => setHeld(waitMs === undefined ? undefined : { until: Date.now() + waitMs, partly: partly === true });
  return { words: held === undefined || held.until <= Date.now() ? undefined : heldCheckLine(held.until, Date.now(), uiLocale(), held.partly), heard };
}
