import { accountIdentity } from '../../lib/store/accounts';
import {
  ACTIVITY_DAYS,
  ACTIVITY_MAX_ENTRIES,
  addActivity,
  packActivity,
  type AccountActivity,
} from '../../lib/store/activity';
import { kb, type Measured } from './measure';

/**
 * The activity log's stored size per account (as chrome.storage counts it: the JSON of the
 * value), made by the background's own add and pack functions over 90 days: the defaults'
 * neighbour (daily sign-ins, hourly usage updates) and the shortest intervals allowed (hourly
 * sign-ins, usage every 5 minutes, of which successful ones are kept once an hour).
 */
export function activitySizes(): Measured {
  const rows: Measured['rows'] = [];
  const json: Measured['json'] = {};
  const identity = accountIdentity({
    baseUrl: 'https://api.teracloud.jp',
    userId: 'someone@example.com',
  });
  const end = Date.UTC(2026, 10, 1);
  const start = end - ACTIVITY_DAYS * 86_400_000;
  const bytes = (signInMinutes: number, usageMinutes: number) => {
    let activity: AccountActivity | undefined;
    for (let at = start; at < end; at += 5 * 60_000) {
      const minute = (at - start) / 60_000;
      if (minute % signInMinutes === 0)
        activity = addActivity(
          activity,
          identity,
          { at, check: 'sign-in', trigger: 'schedule', outcome: 'ok' },
          at,
        );
      if (minute % usageMinutes === 0)
        activity = addActivity(
          activity,
          identity,
          { at, check: 'usage', trigger: 'schedule', outcome: 'ok' },
          at,
        );
    }
    return Buffer.byteLength(
      JSON.stringify({ identity, entries: packActivity(activity!.entries) }),
    );
  };
  const usual = bytes(24 * 60, 60);
  const shortest = bytes(60, 5);
  rows.push({
    measure: 'stored activity log, 90 days of hourly usage updates + daily sign-ins',
    value: kb(usual),
    note: 'per account',
  });
  rows.push({
    measure: 'stored activity log, 90 days of hourly sign-ins + 5-minute usage updates',
    value: kb(shortest),
    note: `bound ≤ 32 KB (successful usage updates kept once an hour; at most ${ACTIVITY_MAX_ENTRIES} entries)`,
  });
  json.activityBytesPerAccount = { usual, shortest };
  return { rows, json };
}
