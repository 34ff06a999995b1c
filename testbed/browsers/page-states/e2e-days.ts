import { accountIdentity, type Account } from '../../../lib/store/accounts';
import { packPoints, type HistoryPoint } from '../../../lib/store/history';
import { packActivity, type ActivityEntry } from '../../../lib/store/activity';
import { GIB as GB } from '../../../lib/basics/bytes';

// Usage histories and activity logs in the e2e build's days (two minutes each, WXT_TIME_SCALE
// 720), as the background stores them: what a state shows of the days before it.

const MINUTE = 60_000;
/** A day in the e2e build (WXT_TIME_SCALE 720): two minutes. */
const E2E_DAY_MS = 120_000;

/** `days` daily readings up to now, as the e2e build records them (local days of two minutes). */
export function dailyHistory(
  account: Account,
  days: number,
  used: (i: number) => number,
  quota = 28 * GB,
) {
  const now = Date.now();
  const today = Math.floor((now - new Date(now).getTimezoneOffset() * MINUTE) / E2E_DAY_MS);
  const points = Array.from({ length: days }, (_, i): HistoryPoint => [
    today - days + 1 + i,
    Math.round(used(i)),
    quota,
  ]);
  return { [account.id]: { identity: accountIdentity(account), points: packPoints(points) } };
}

/**
 * A month of the e2e build's days in an account's activity log: a sign-in each morning and
 * usage updates through the day, one outage retried 40 minutes later. Packed in the build's
 * minutes (1/720 of a real one), so times are multiplied by 720 for this Node-side packer.
 */
export function activityLog(account: Account, days: number) {
  const now = Date.now();
  const [e2eMinute, e2eHour] = [E2E_DAY_MS / 1440, E2E_DAY_MS / 24];
  const entries: ActivityEntry[] = [];
  const log = (
    at: number,
    check: ActivityEntry['check'],
    trigger: ActivityEntry['trigger'],
    outcome: ActivityEntry['outcome'] = 'ok',
  ) => entries.push({ at: at * 720, check, trigger, outcome });
  for (let back = days; back >= 1; back--) {
    const morning = now - back * E2E_DAY_MS;
    const outage = back === 3;
    log(morning, 'sign-in', outage ? 'schedule' : 'start', outage ? 'network' : 'ok');
    if (outage) log(morning + 40 * e2eMinute, 'sign-in', 'retry');
    for (let hour = 0; hour < 8; hour++)
      log(
        morning + hour * e2eHour,
        'usage',
        hour === 0 && !outage ? 'start' : 'schedule',
        outage && hour === 0 ? 'network' : 'ok',
      );
  }
  return { [account.id]: { identity: accountIdentity(account), entries: packActivity(entries) } };
}
