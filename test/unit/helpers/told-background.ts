import { onChanges } from '@/lib/extension/change-port';
import type { Change } from '@/lib/store/changes';

/**
 * A background that answers the pages' changes as it is told, carrying out none: the changes it
 * hears in `heard`, each answered with the next of `answers` (the last again once they run out).
 * For a component's own tests; the pages' tests carry changes out (account-commands.ts).
 */
export function toldBackground(...answers: unknown[]): { heard: Change[]; stop: () => void } {
  const heard: Change[] = [];
  const stop = onChanges(() => ({
    carryOut: (change) => {
      heard.push(change);
      return Promise.resolve(answers[Math.min(heard.length, answers.length) - 1]);
    },
    close: () => {},
  }));
  return { heard, stop };
}
