import { changeSession } from '@/lib/background/changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';
import { onChanges } from '@/lib/extension/change-port';

/**
 * The pages' changes of the stored accounts and settings (lib/extension/change-port.ts), carried
 * out as the background carries them out (its own planner and writer, with no checks under way
 * to stop): for page tests without a worker. Returns how to stop answering.
 */
export function answerChanges(): () => void {
  const inFlight = new ChecksInFlight();
  return onChanges((accountId) => changeSession(inFlight, accountId, () => {}));
}

/** The pages' changes answered (answerChanges) beside the commands `stopCommands` stops: how to stop both. */
export function withChanges(stopCommands: () => void): () => void {
  const stopChanges = answerChanges();
  return () => {
    stopChanges();
    stopCommands();
  };
}
