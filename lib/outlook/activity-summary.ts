import { ACTIVITY_DAYS, type ActivityEntry } from '../store/activity';
import { dayOf } from '../time';

/** What an activity log says about the sign-ins it holds, for its one-line summary. Pure. */
export interface ActivitySummary {
  /** Days the log covers: from its first entry's day to today, at most ACTIVITY_DAYS. */
  days: number;
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

/** The summary of a log (entries oldest first); undefined for an empty one. */
export function summarizeActivity(entries: readonly ActivityEntry[], now: number): ActivitySummary | undefined {
  const first = entries[0];
  if (!first) return undefined;
  const signIns = entries.filter((e) => e.check === 'sign-in');
  const days = new Map<number, boolean>();
  for (const { at, outcome } of signIns) days.set(dayOf(at), days.get(dayOf(at)) === true || outcome === 'ok');
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
    days: Math.min(ACTIVITY_DAYS, dayOf(now) - dayOf(first.at) + 1),
    signInDays: days.size,
    okDays: [...days.values()].filter(Boolean).length,
    recovered,
    ...(longest !== undefined && { longestRecoveryMs: longest }),
    ...(failingSince !== undefined && { failingSince }),
  };
}
