import { CHANGE_LIMIT_MS, type PendingChange } from '@/lib/extension/change-port';
import type { Change, ChangeKind, OutcomeOf } from '@/lib/store/changes';
import type { LockReason } from '@/lib/store/items';

/** What a change of this kind stores, as its answer says. */
export type SavedOf<K extends ChangeKind> = Extract<OutcomeOf<K>, { saved: unknown }>['saved'];
/** What a change of this kind found stored when it was made from an older revision. */
export type NewerOf<K extends ChangeKind> = Extract<OutcomeOf<K>, { newer: unknown }>['newer'];

/** What came of a change sent to the background, as the page says it. */
export type ChangeOutcome<K extends ChangeKind> =
  /** Stored: what is stored now. */
  | { kind: 'saved'; saved: SavedOf<K> }
  /** Data the extension cannot read is not overwritten. */
  | { kind: 'refused'; reason: LockReason }
  /** Made from an older revision than the one stored: what is stored now (an import: its fresh plan). */
  | { kind: 'newer'; stored: NewerOf<K> }
  /** The background could not carry it out: its error's message. */
  | { kind: 'failed'; message: string }
  /** No answer (none within the limit, or the background stopped), and storage does not hold the change. */
  | { kind: 'no-answer'; seconds: number };

/** A change not made, when no newer stored value stood in its way. */
export type NotMade = Exclude<ChangeOutcome<ChangeKind>, { kind: 'saved' | 'newer' }>;

/**
 * Sends a change on the port begun at its click (lib/extension/change-port.ts) and says what came
 * of it. The background answers every outcome, its failures included; so when no answer came,
 * storage is read (`made`: what is stored, when it holds the change; undefined when it does not).
 */
export async function sendChange<K extends ChangeKind>(
  pending: PendingChange,
  change: Extract<Change, { kind: K }>,
  made: () => Promise<SavedOf<K> | undefined>,
): Promise<ChangeOutcome<K>> {
  let answer: OutcomeOf<K>;
  try {
    answer = await pending.send(change);
  } catch {
    const saved = await made().catch(() => undefined);
    return saved === undefined
      ? { kind: 'no-answer', seconds: CHANGE_LIMIT_MS / 1000 }
      : { kind: 'saved', saved };
  }
  if ('failed' in answer) return { kind: 'failed', message: answer.failed };
  if ('refused' in answer) return { kind: 'refused', reason: answer.refused };
  if ('newer' in answer) return { kind: 'newer', stored: answer.newer as NewerOf<K> };
  return { kind: 'saved', saved: answer.saved };
}
