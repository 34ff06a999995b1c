// The background's replies to the pages' commands (lib/extension/messages.ts carries them). Here,
// below both, so the background that makes them and the pages that read them share one type.
import type { LockReason } from '../store/items';

/** The reply to Check now: how long the service's wait still held a check back (ms), if it did. */
export interface CheckAnswer {
  waitMs?: number;
  /** Only some of the accounts were held: the others were checked. */
  partly?: true;
}

/**
 * The reply to a change of the stored accounts or settings: done; refused so that data the
 * extension cannot read is not overwritten; refused because it was made from an older revision
 * than the one stored (`newer`: what is stored now, for the page to compare; null: the account
 * was removed meanwhile); or failed (`failed`: why). A page that gets no reply at all reads
 * storage instead.
 */
export type SaveAnswer<Stored = never> =
  { saved: true } | { refused: LockReason } | { newer: Stored | null } | { failed: string };

/** The reply to a Test connection stopped because its account is being changed (a Save clicked, in any tab). */
export interface TestStopped {
  stopped: true;
}
