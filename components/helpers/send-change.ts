import type { GetDataType } from '@webext-core/messaging';
import type { ProtocolMap, SaveAnswer } from '@/lib/extension/messages';
import type { LockReason } from '@/lib/store/items';
import { answerLimitSeconds, sendCommand } from './send-command';

/** What came of a change sent to the background, as the page says it. */
export type ChangeOutcome<Stored = never> =
  | { kind: 'saved' }
  /** Data the extension cannot read is not overwritten. */
  | { kind: 'refused'; reason: LockReason }
  /** Made from an older revision than the one stored: what is stored now (null: removed). */
  | { kind: 'newer'; stored: Stored | null }
  /** The background could not carry it out: its error's message. */
  | { kind: 'failed'; message: string }
  /** No answer (none within the limit, or the background stopped before it), and storage does not hold the change. */
  | { kind: 'no-answer'; seconds: number };

/**
 * Sends a change of the stored data and says what came of it. The background answers every
 * outcome, its failures included; so when no answer came (none within the limit, a worker that
 * stopped or never started, a closed channel), storage is read (`made`): a change it holds was made.
 */
export async function sendChange<K extends keyof ProtocolMap, Stored = never>(
  type: K,
  data: GetDataType<ProtocolMap[K]>,
  made: () => Promise<boolean>,
): Promise<ChangeOutcome<Stored>> {
  let answer: SaveAnswer<Stored>;
  try {
    answer = (await sendCommand(type, data)) as SaveAnswer<Stored>;
  } catch {
    return (await made().catch(() => false))
      ? { kind: 'saved' }
      : { kind: 'no-answer', seconds: answerLimitSeconds(type) };
  }
  if ('failed' in answer) return { kind: 'failed', message: answer.failed };
  if ('refused' in answer) return { kind: 'refused', reason: answer.refused };
  if ('newer' in answer) return { kind: 'newer', stored: answer.newer };
  return { kind: 'saved' };
}
