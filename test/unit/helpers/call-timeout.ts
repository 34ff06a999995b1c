/**
 * How long a unit test's client waits for the simulator on 127.0.0.1. No test waits for it to run
 * out (the timeout's own test sets its own): a call slowed only by two busy shared cores must
 * never read as a timeout (client.test.ts's first call once took 564 ms against 500 in CI).
 */
export const CALL_TIMEOUT_MS = 15_000;
