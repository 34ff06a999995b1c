import type { ActivityEntry } from '@/lib/store/activity';

/** A sign-in as the activity log holds it: by default a scheduled one that succeeded. */
export const signIn = (
  at: number,
  outcome: ActivityEntry['outcome'] = 'ok',
  trigger: ActivityEntry['trigger'] = 'schedule',
): ActivityEntry => ({ at, check: 'sign-in', trigger, outcome });

/** A usage update as the activity log holds it: by default a scheduled one that succeeded. */
export const usage = (
  at: number,
  outcome: ActivityEntry['outcome'] = 'ok',
  trigger: ActivityEntry['trigger'] = 'schedule',
): ActivityEntry => ({ at, check: 'usage', trigger, outcome });
