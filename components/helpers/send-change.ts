import type { GetDataType } from '@webext-core/messaging';
import type { ProtocolMap, SaveAnswer } from '@/lib/extension/messages';
import type { LockReason } from '@/lib/store/items';
import { answerLimitSeconds, NoAnswer, sendCommand } from './send-command';

/** What came of a change sent to the background, as the page says it. */
export type ChangeOutcome<Stored = never> =
  | { kind: 'saved' }
  /** Data the extension cannot read is not overwritten. */
  | { kind: 'refused'; reason: LockReason }
  /** Made from an older revision than the one stored: what is stored now (null: removed). */
  | { kind: 'newer'; stored: Stored | null }
  /** The background could not carry it out: its error's message. */
  | { kind: 'failed'; message: string }
  /** No answer within the limit, and storage does not hold the change. */
  | { kind: 'no-answer'; seconds: number };

/**
 * Sends a change of the stored data and says what came of it. When no answer came (a lost
 * answer, a worker that never started), storage is read (`made`): a change it holds was made.
 */
export async function sendChange<K extends keyof ProtocolMap, Stored = never>(
  type: K,
  data: GetDataType<ProtocolMap[K]>,
  made: () => Promise<boolean>,
): Promise<ChangeOutcome<Stored>> {
  let answer: SaveAnswer<Stored>;
  try {
    answer = (await sendCommand(type, data)) as SaveAnswer<Stored>;
  } catch (error) {
    if (!(error instanceof NoAnswer))
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    return (await made().catch(() => false))
      ? { kind: 'saved' }
      : { kind: 'no-answer', seconds: answerLimitSeconds(type) };
  }
  if ('refused' in answer) return { kind: 'refused', reason: answer.refused };
  if ('newer' in answer) return { kind: 'newer', stored: answer.newer };
  return { kind: 'saved' };
}
