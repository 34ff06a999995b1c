import { ACTIVITY_DAYS, type ActivityEntry } from '../store/activity';
import { DAY_MS, dayOf } from '../basics/time';

/** What an activity log says about the sign-ins it holds, for its one-line summary. Pure. */
export interface ActivitySummary {
  /** The first entry it counts: the log's first in the last ACTIVITY_DAYS days. */
  since: number;
  /** Days with at least one sign-in, and of those the days with a successful one. */
  signInDays: number;
  okDays: number;
  /** Runs of failed sign-ins that a successful one ended. */
  recovered: number;
  /** The longest of them, from its first failure to the success. */
  longestRecoveryMs?: number;
  /** When the failed sign-ins that are still failing began. */
  failingSince?: number;
}

/** The summary of a log's last ACTIVITY_DAYS days (entries oldest first); undefined for an empty one. */
export function summarizeActivity(
  entries: readonly ActivityEntry[],
  now: number,
): ActivitySummary | undefined {
  const counted = entries.filter((e) => e.at > now - ACTIVITY_DAYS * DAY_MS);
  const first = counted[0];
  if (!first) return undefined;
  const signIns = counted.filter((e) => e.check === 'sign-in');
  const days = new Map<number, boolean>();
  for (const { at, outcome } of signIns)
    days.set(dayOf(at), days.get(dayOf(at)) === true || outcome === 'ok');
  let recovered = 0;
  let longest: number | undefined;
  let failingSince: number | undefined;
  for (const { at, outcome } of signIns) {
    if (outcome !== 'ok') failingSince ??= at;
    else if (failingSince !== undefined) {
      recovered++;
      longest = Math.max(longest ?? 0, at - failingSince);
      failingSince = undefined;
    }
  }
  return {
    since: first.at,
    signInDays: days.size,
    okDays: [...days.values()].filter(Boolean).length,
    recovered,
    ...(longest !== undefined && { longestRecoveryMs: longest }),
    ...(failingSince !== undefined && { failingSince }),
  };
}
