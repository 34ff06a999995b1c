// The background's replies to the pages' commands (lib/extension/messages.ts carries them). Here,
// below both, so the background that makes them and the pages that read them share one type.
import type { LockReason } from '../store/items';

/** The reply to Check now: how long the service's wait still held a check back (ms), if it did. */
export interface CheckAnswer {
  waitMs?: number;
  /** Only some of the accounts were held: the others were checked. */
  partly?: true;
}

/** The reply to a change of the stored accounts: done, or refused so that data the extension cannot read is not overwritten. */
export type SaveAnswer = { saved: true } | { refused: LockReason };
