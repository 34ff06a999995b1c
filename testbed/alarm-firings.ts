/** An alarm as `alarms.getAll()` gives it, in Chromium and Firefox alike. */
export interface AlarmState {
  name: string;
  scheduledTime: number;
  periodInMinutes?: number;
}

/**
 * Waits until the alarm `name` has fired `times` times from the call on, and returns the
 * scheduled times it moved through. The browser moves a periodic alarm's scheduledTime on as it
 * fires it, so a wait for "two sign-in periods" holds on a starved machine too: it waits as long
 * as the alarms take, and never passes before they fired. `read` is the session's `alarms()`.
 */
export async function alarmFirings(
  read: () => Promise<AlarmState[]>,
  name: string,
  times: number,
  { timeoutMs = 90_000 } = {},
): Promise<number[]> {
  const current = async () => (await read()).find((alarm) => alarm.name === name);
  const first = await current();
  if (!first) throw new Error(`no alarm ${name} is set`);
  const seen = [first.scheduledTime];
  let fired = 0;
  const deadline = Date.now() + timeoutMs;
  while (fired < times) {
    if (Date.now() > deadline)
      throw new Error(
        `alarm ${name} fired ${fired} of ${times} times within ${timeoutMs} ms (scheduled: ${seen.join(', ')})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const alarm = await current();
    const last = seen.at(-1)!;
    if (!alarm || alarm.scheduledTime <= last) continue;
    const periodMs = (alarm.periodInMinutes ?? 0) * 60_000;
    // Two firings between reads move it on by two periods.
    fired += periodMs > 0 ? Math.max(1, Math.round((alarm.scheduledTime - last) / periodMs)) : 1;
    seen.push(alarm.scheduledTime);
  }
  return seen;
}
