// The background's replies to the pages' commands (lib/extension/messages.ts carries them). Here,
// below both, so the background that makes them and the pages that read them share one type.

/** The reply to Check now: how long the service's wait still held a check back (ms), if it did. */
export interface CheckAnswer {
  waitMs?: number;
  /** Only some of the accounts were held: the others were checked. */
  partly?: true;
}

/** The reply to a Test connection stopped because its account is being changed (a Save clicked, in any tab). */
export interface TestStopped {
  stopped: true;
}
