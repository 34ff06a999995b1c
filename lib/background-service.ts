import type { Account } from './accounts';
import { badgeFor, renderBadge } from './badge';
import { createKeeper, type KeeperDeps } from './keeper';
import type { Handlers } from './messages';
import { decideNotices, showNotice, type Notice } from './notifications';
import { ALARM, ensureAlarms, isDue, nextRetryAt, scheduleRetry, TASKS, type Trigger } from './scheduler';
import { taskInterval, type Settings, type Task } from './settings';
import { emptySnapshot, type AccountSnapshot } from './snapshot';
import { loadAccounts, loadSettings, loadSnapshots, pruneSnapshots, updateSnapshot } from './stored-state';

/**
 * The background's behaviour, wired to browser events by entrypoints/background.ts. It keeps
 * nothing in memory that storage does not hold: the worker may stop between any two awaits.
 */
export function createBackgroundService(deps: KeeperDeps) {
  const keeper = createKeeper(deps);
  let queue: Promise<unknown> = Promise.resolve();

  /** Scheduled work runs one trigger at a time, so each sees what the previous one recorded. */
  function serial(work: () => Promise<void>): Promise<void> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => console.warn('Storage Keeper: background task failed', error));
    return next;
  }

  /** Runs, per account, the tasks `pick` selects: keep-alive before refresh, accounts side by side. */
  async function runTasks(
    accounts: readonly Account[],
    settings: Settings,
    pick: (snapshot: AccountSnapshot, task: Task) => boolean,
  ): Promise<void> {
    await Promise.all(
      accounts.map(async (account) => {
        for (const task of TASKS) {
          const snapshot = (await loadSnapshots())[account.id] ?? emptySnapshot();
          if (pick(snapshot, task)) await keeper.run(account, task, settings);
        }
      }),
    );
    await publish(accounts, settings);
  }

  async function runDue(trigger: Trigger, tasks: readonly Task[] = TASKS): Promise<void> {
    const [accounts, settings] = await Promise.all([loadAccounts(), loadSettings()]);
    const now = deps.now();
    await runTasks(accounts, settings, (snapshot, task) =>
      tasks.includes(task) && isDue(snapshot[task], task, taskInterval(settings, task), now, trigger),
    );
  }

  /** Tells the user what changed (notifications once per change), redraws the badge, arms the retry. */
  async function publish(accounts: readonly Account[], settings: Settings): Promise<void> {
    for (const account of accounts) {
      let notices: Notice[] = [];
      await updateSnapshot(account.id, (snapshot) => {
        const decided = decideNotices(account, snapshot, settings, deps.now());
        notices = decided.notices;
        const same = JSON.stringify(decided.alerts) === JSON.stringify(snapshot.alerts);
        return same ? snapshot : { ...snapshot, alerts: decided.alerts };
      });
      for (const notice of notices) await showNotice(account, notice);
    }
    const snapshots = await loadSnapshots();
    const views = accounts.map((account) => ({ account, snapshot: snapshots[account.id] ?? emptySnapshot() }));
    await renderBadge(badgeFor(views, settings));
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot)));
  }

  const handlers: Handlers = {
    /** Refreshes now; a keep-alive too where it is failing or never succeeded, so a fix shows at once. */
    async refresh({ accountId }) {
      const [accounts, settings] = await Promise.all([loadAccounts(), loadSettings()]);
      const chosen = accounts.filter((a) => accountId === undefined || a.id === accountId);
      await runTasks(chosen, settings, (snapshot, task) =>
        task === 'refresh' || snapshot.keepAlive.failure !== undefined || snapshot.keepAlive.lastSuccessAt === undefined,
      );
    },
    testConnection: (draft) => keeper.test(draft),
  };

  return {
    handlers,

    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        await ensureAlarms(await loadSettings(), deps.now());
        await runDue(trigger);
      }),

    /** An alarm fired. */
    onAlarm: (name: string) =>
      serial(() => {
        if (name === ALARM.retry) return runDue('retry');
        const task = TASKS.find((t) => ALARM[t] === name);
        return task ? runDue('alarm', [task]) : Promise.resolve();
      }),

    /** Settings or accounts changed: new periods, new accounts checked, removed ones forgotten. */
    reschedule: () =>
      serial(async () => {
        await ensureAlarms(await loadSettings(), deps.now());
        await pruneSnapshots(await loadAccounts());
        await runDue('worker-start');
      }),
  };
}
