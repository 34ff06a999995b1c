// What the demo account has behind it after a month of use, stored as the background stores it
// (the same add and pack functions): a reading a day, growing, and the activity log of daily
// sign-ins and half-hourly usage updates, with one outage the retry got over 40 minutes later.
import { accountIdentity, type Account } from '../../lib/store/accounts';
import {
  addActivity,
  packActivity,
  type AccountActivity,
  type ActivityEntry,
} from '../../lib/store/activity';
import { addPoint, packPoints, type AccountHistory } from '../../lib/store/history';
import { dayOf } from '../../lib/basics/time';
import { GIB as GB } from '../../lib/basics/bytes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS = 30;

/** The stored `history` and `activity` items of a month of use, for one account (by its id). */
export function monthOfUse(
  account: Pick<Account, 'id' | 'baseUrl' | 'userId'>,
  used: number,
  quota: number,
  now = Date.now(),
) {
  const identity = accountIdentity(account);
  let history: AccountHistory | undefined;
  for (let back = DAYS; back >= 1; back--) {
    history = addPoint(history, identity, [
      dayOf(now - back * DAY),
      Math.round(used - back * 0.1 * GB),
      quota,
    ]);
  }
  let activity: AccountActivity | undefined;
  const log = (
    at: number,
    check: ActivityEntry['check'],
    trigger: ActivityEntry['trigger'],
    outcome: ActivityEntry['outcome'] = 'ok',
  ) => (activity = addActivity(activity, identity, { at, check, trigger, outcome }, at));
  const outageDay = 12;
  for (let back = DAYS; back >= 1; back--) {
    // The browser opens in the morning: a catch-up at start, then the day's schedule.
    const opened = now - back * DAY;
    const first = back === outageDay ? 'schedule' : 'start';
    log(opened, 'sign-in', first, back === outageDay ? 'network' : 'ok');
    if (back === outageDay) log(opened + 40 * MINUTE, 'sign-in', 'retry');
    for (let at = opened; at < opened + 10 * HOUR; at += 30 * MINUTE) {
      const down = back === outageDay && at < opened + 40 * MINUTE;
      log(
        at,
        'usage',
        at === opened ? first : down ? 'retry' : 'schedule',
        down ? 'network' : 'ok',
      );
    }
  }
  return {
    history: { [account.id]: { identity, points: packPoints(history!.points) } },
    activity: { [account.id]: { identity, entries: packActivity(activity!.entries) } },
  };
}
