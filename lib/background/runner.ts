import { accountIdentity, type Account } from '../store/accounts';
import { createAccountTasks, type AccountTaskDeps } from './account-checks';
import type { ServiceCredentials } from '../service/client';
import { badgeFor, renderBadge } from './badge';
import { pointsFor } from '../store/history';
import { decideNotices } from './notices';
import { showNotice } from './notifier';
import { ALARM, checkedMomentsAgo, ensureAlarms, isDue, nextRetryAt, scheduleRetry, TASKS, type Trigger } from './schedule';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { snapshotFor, type AccountSnapshot } from '../store/account-state';
import { accountsItem, loadAccounts, loadHistory, loadSettings, loadSnapshots, settingsItem } from '../store/items';
import { pruneActivity, pruneHistory, pruneSnapshots, updateSnapshot } from '../store/writes';
import type { ActivityTrigger } from '../store/activity';

/**
 * The background's behaviour: decides what is due, runs it through the account tasks,
 * tells the user what changed and draws the badge. It keeps nothing in memory that storage
 * does not hold: the worker may stop between any two awaits.
 */
export function createBackgroundService(deps: AccountTaskDeps) {
  const tasks = createAccountTasks(deps);
  let queue: Promise<unknown> = Promise.resolve();

  /** Work runs one piece at a time, so each sees what the previous one recorded. */
  function serial(work: () => Promise<void>): Promise<void> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => console.warn('Storage Keeper: background task failed', error));
    return next;
  }

  /** Runs, per account, the tasks `pick` selects: keep-alive before refresh, accounts side by side; `why` goes to the log. */
  async function runTasks(
    accounts: readonly Account[],
    settings: Settings,
    why: ActivityTrigger,
    pick: (snapshot: AccountSnapshot, task: Task) => boolean,
  ): Promise<void> {
    await Promise.all(
      accounts.map(async (account) => {
        for (const task of TASKS) {
          // An account edited or removed meanwhile is left to the run its change starts.
          if (!(await tasks.isCurrent(account))) return;
          // Read again before each task: the refresh uses the node the keep-alive just stored.
          if (pick(await tasks.snapshotOf(account), task)) await tasks.run(account, task, settings, why);
        }
      }),
    );
    await publish(settings);
  }

  async function runDue(trigger: Trigger, why: ActivityTrigger, only: readonly Task[] = TASKS): Promise<void> {
    const [{ accounts }, settings] = await Promise.all([loadAccounts(), loadSettings()]);
    const now = deps.now();
    await runTasks(accounts, settings, why, (snapshot, task) =>
      only.includes(task) && isDue(snapshot[task], task, taskInterval(settings, task), now, trigger),
    );
  }

  /** Tells the user what changed (each notice shown, then recorded), redraws the badge, arms the retry. */
  async function publish(settings: Settings): Promise<void> {
    const { accounts } = await loadAccounts();
    const [snapshots, history] = await Promise.all([loadSnapshots(), loadHistory()]);
    const now = deps.now();
    for (const account of accounts) {
      const snapshot = snapshotFor(account, snapshots[account.id]);
      const points = pointsFor(history[account.id], accountIdentity(account));
      const { alerts, notices } = decideNotices(account, snapshot, points, settings, now);
      // Shown before recorded: a worker stopped in between shows it again under the same id, never loses it.
      for (const notice of notices) await showNotice(account, notice, now);
      if (JSON.stringify(alerts) !== JSON.stringify(snapshot.alerts)) {
        await updateSnapshot(account.id, (stored) => ({ ...snapshotFor(account, stored), alerts }));
      }
    }
    const fresh = await loadSnapshots();
    const views = accounts.map((account) => ({ account, snapshot: snapshotFor(account, fresh[account.id]) }));
    await renderBadge(badgeFor(views, settings, now));
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot)));
  }

  return {
    /** A full check (getUser, then capacity) of one account or all, at most once per account per few seconds. */
    checkNow: ({ accountId }: { accountId?: string }) =>
      serial(async () => {
        const [{ accounts }, settings] = await Promise.all([loadAccounts(), loadSettings()]);
        const chosen = accounts.filter((a) => accountId === undefined || a.id === accountId);
        const now = deps.now();
        await runTasks(chosen, settings, 'manual', (snapshot, task) => !checkedMomentsAgo(snapshot[task], now));
      }),

    /** Tests unsaved credentials: getUser, then the capacity call; stores nothing. */
    testConnection: (draft: ServiceCredentials) => tasks.test(draft),

    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        await ensureAlarms(await loadSettings(), deps.now());
        await runDue(trigger, 'start');
      }),

    /** An alarm fired. */
    onAlarm: (name: string) =>
      serial(() => {
        if (name === ALARM.retry) return runDue('retry', 'retry');
        const task = TASKS.find((t) => ALARM[t] === name);
        return task ? runDue('alarm', 'schedule', [task]) : Promise.resolve();
      }),

    /**
     * Host access was granted (from a popup the browser may have closed at its prompt before it
     * could ask for a check): the accounts it blocked try again at once.
     */
    onPermissionsAdded: () =>
      serial(async () => {
        const [{ accounts }, settings] = await Promise.all([loadAccounts(), loadSettings()]);
        await runTasks(accounts, settings, 'permission', (snapshot, task) => snapshot[task].failure?.kind === 'permission-missing');
      }),

    /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
    reschedule: () =>
      serial(async () => {
        await ensureAlarms(await loadSettings(), deps.now());
        const { accounts } = await loadAccounts();
        // An account edited to another server or user forgets what the old one said, its history and log too.
        const find = (id: string) => accounts.find((a) => a.id === id);
        await pruneSnapshots((id, snapshot) => {
          const account = find(id);
          return account !== undefined && snapshotFor(account, snapshot) === snapshot;
        });
        const current = (id: string, identity: string | undefined) => {
          const account = find(id);
          return account !== undefined && accountIdentity(account) === identity;
        };
        await pruneHistory(current);
        await pruneActivity(current);
        await runDue('worker-start', 'settings');
      }),
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
