import type { ActivityEntry } from './activity';

/** An activity log as CSV (RFC 4180), oldest first: ISO time (UTC), `sign-in` or `usage-update`, trigger, outcome (`ok` or the failure kind). */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const rows = entries.map(
    ({ at, check, trigger, outcome }) =>
      `${new Date(at).toISOString()},${check === 'usage' ? 'usage-update' : check},${trigger},${outcome}`,
  );
  return `${['time,check,trigger,outcome', ...rows].join('\r\n')}\r\n`;
}
