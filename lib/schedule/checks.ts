import { HOUR_MS, MINUTE_MS } from '../basics/time';
import type { Settings } from '../store/settings';

export type Task = 'keepAlive' | 'refresh';

export const TASKS: readonly Task[] = ['keepAlive', 'refresh'];

/** How often each task runs, in ms. */
export function taskInterval(settings: Settings, task: Task): number {
  return task === 'keepAlive' ? settings.keepAliveHours * HOUR_MS : settings.refreshMinutes * MINUTE_MS;
}
