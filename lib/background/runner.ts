import { accountIdentity, type Account } from '../store/accounts';
import { createAccountChecks, type AccountCheckDeps } from './account-checks';
import type { ServiceCredentials } from '../service/client';
import { badgeFor, renderBadge } from './badge';
import { pointsFor } from '../store/history';
import { decideNotices } from './notices';
import { showNotice } from './notifier';
import { ALARM, checkedMomentsAgo, ensureAlarms, isDue, nextRetryAt, scheduleRetry, TASKS, type Trigger } from './schedule';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { snapshotFor, type AccountSnapshot } from '../store/account-state';
import { loadAccounts, loadRecentHistory, loadSettings, loadSnapshots } from '../store/items';
import { pruneActivity, pruneHistory, pruneSnapshots, recordSnapshot } from '../store/writes';
import type { ActivityTrigger } from '../store/activity';

/** One run: why it runs (for the activity log), and what storage held when it began, read once and passed down. */
interface Run {
  why: ActivityTrigger;
  settings: Settings;
  accounts: readonly Account[];
  /** Each account's snapshot as this run knows it: as read, then as each check recorded it. */
  snapshots: Map<string, AccountSnapshot>;
}

async function beginRun(why: ActivityTrigger): Promise<Run> {
  const [{ accounts }, settings, stored] = await Promise.all([loadAccounts(), loadSettings(), loadSnapshots()]);
  return { why, settings, accounts, snapshots: new Map(accounts.map((a) => [a.id, snapshotFor(a, stored[a.id])])) };
}

/**
 * The background's behaviour: decides what is due, runs it through the account checks,
 * tells the user what changed and draws the badge. It keeps nothing in memory between runs
 * that storage does not hold: the worker may stop between any two awaits.
 */
export function createBackgroundService(deps: AccountCheckDeps) {
  const checks = createAccountChecks(deps);
  let queue: Promise<unknown> = Promise.resolve();

  /** Work runs one piece at a time, so each sees what the previous one recorded. */
  function serial(work: () => Promise<void>): Promise<void> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => console.warn('Storage Keeper: background task failed', error));
    return next;
  }

  /** Runs, per account `chosen`, the tasks `pick` selects: keep-alive before refresh, accounts side by side. */
  async function runTasks(run: Run, pick: (snapshot: AccountSnapshot, task: Task) => boolean, chosen = run.accounts): Promise<void> {
    await Promise.all(
      chosen.map(async (account) => {
        for (const task of TASKS) {
          const snapshot = run.snapshots.get(account.id)!;
          if (!pick(snapshot, task)) continue;
          // The refresh goes on from what the keep-alive just recorded (its node).
          const recorded = await checks.run(account, snapshot, task, run);
          // An account edited or removed meanwhile is left to the run its change starts.
          if (!recorded) return;
          run.snapshots.set(account.id, recorded);
        }
      }),
    );
    await publish(run);
  }

  /** Runs what is due (of the tasks `only`), as the schedule that woke the worker sees it. */
  function runDue(run: Run, trigger: Trigger, only: readonly Task[] = TASKS): Promise<void> {
    const now = deps.now();
    return runTasks(run, (snapshot, task) => only.includes(task) && isDue(snapshot[task], task, taskInterval(run.settings, task), now, trigger));
  }

  /** Tells the user what changed (each notice shown, then recorded), redraws the badge, arms the retry. */
  async function publish({ accounts, settings, snapshots }: Run): Promise<void> {
    const history = await loadRecentHistory();
    const now = deps.now();
    for (const account of accounts) {
      const snapshot = snapshots.get(account.id)!;
      const points = pointsFor(history[account.id], accountIdentity(account));
      const { alerts, notices } = decideNotices(account, snapshot, points, settings, now);
      // Shown before recorded: a worker stopped in between shows it again under the same id, never loses it.
      for (const notice of notices) await showNotice(account, notice, now);
      if (JSON.stringify(alerts) !== JSON.stringify(snapshot.alerts)) {
        const recorded = await recordSnapshot(account, (stored) => ({ ...snapshotFor(account, stored), alerts }));
        if (recorded) snapshots.set(account.id, recorded);
      }
    }
    const views = accounts.map((account) => ({ account, snapshot: snapshots.get(account.id)! }));
    await renderBadge(badgeFor(views, settings, now));
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot)));
  }

  return {
    /** A full check (getUser, then capacity) of one account or all, at most once per account per few seconds. */
    checkNow: ({ accountId }: { accountId?: string }) =>
      serial(async () => {
        const run = await beginRun('manual');
        const now = deps.now();
        const chosen = run.accounts.filter((a) => accountId === undefined || a.id === accountId);
        await runTasks(run, (snapshot, task) => !checkedMomentsAgo(snapshot[task], now), chosen);
      }),

    /** Tests unsaved credentials: getUser, then the capacity call; stores nothing. */
    testConnection: (draft: ServiceCredentials) => checks.test(draft),

    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        const run = await beginRun('start');
        await ensureAlarms(run.settings, deps.now());
        await runDue(run, trigger);
      }),

    /** An alarm fired. */
    onAlarm: (name: string) =>
      serial(async () => {
        const task = TASKS.find((t) => ALARM[t] === name);
        if (name === ALARM.retry) await runDue(await beginRun('retry'), 'retry');
        else if (task) await runDue(await beginRun('schedule'), 'alarm', [task]);
      }),

    /**
     * Host access was granted (from a popup the browser may have closed at its prompt before it
     * could ask for a check): the accounts it blocked try again at once.
     */
    onPermissionsAdded: () =>
      serial(async () => {
        await runTasks(await beginRun('permission'), (snapshot, task) => snapshot[task].failure?.kind === 'permission-missing');
      }),

    /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
    reschedule: () =>
      serial(async () => {
        const run = await beginRun('settings');
        await ensureAlarms(run.settings, deps.now());
        // An account edited to another server or user forgets what the old one said, its history and log too.
        const find = (id: string) => run.accounts.find((a) => a.id === id);
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
        await runDue(run, 'worker-start');
      }),
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
