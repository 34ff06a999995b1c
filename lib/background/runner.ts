import { accountIdentity, type Account } from '../store/accounts';
import { createAccountChecks, type AccountCheckDeps, type RunTrigger } from './account-checks';
import type { ServiceCredentials } from '../service/client';
import { badgeFor, renderBadge } from './badge';
import { pointsFor } from '../store/history';
import { decideNotices, showNotice } from './notices';
import { ALARM, ensureAlarms, isDue, nextRetryAt, scheduleRetry, TASKS, type Trigger } from './schedule';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { snapshotFor, type AccountSnapshot } from '../store/account-state';
import { loadAccounts, loadRecentHistory, loadSettings, loadSnapshots } from '../store/items';
import { pruneHistory, pruneSnapshots, recordSnapshot } from '../store/writes';
import { MINUTE_MS } from '../time';

/** A manual check of an account is not repeated within this time (fast clicks on Refresh). */
export const MANUAL_CHECK_GAP_MS = MINUTE_MS / 6;

/** One run: why it runs, and what storage held when it began, read once and passed down. */
interface Run<T extends RunTrigger = RunTrigger> {
  trigger: T;
  settings: Settings;
  accounts: readonly Account[];
  /** Each account's snapshot as this run knows it: as read, then as each check recorded it. */
  snapshots: Map<string, AccountSnapshot>;
}

async function beginRun<T extends RunTrigger>(trigger: T): Promise<Run<T>> {
  const [{ accounts }, settings, stored] = await Promise.all([loadAccounts(), loadSettings(), loadSnapshots()]);
  return { trigger, settings, accounts, snapshots: new Map(accounts.map((a) => [a.id, snapshotFor(a, stored[a.id])])) };
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

  /** Runs what is due (of the tasks `only`), as the schedule that started the run sees it. */
  function runDue(run: Run<Trigger>, only: readonly Task[] = TASKS): Promise<void> {
    const now = deps.now();
    return runTasks(run, (snapshot, task) => only.includes(task) && isDue(snapshot[task], task, taskInterval(run.settings, task), now, run.trigger));
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
    await renderBadge(badgeFor(views, settings));
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot)));
  }

  return {
    /** A full check (getUser, then capacity) of one account or all, at most once per account per few seconds. */
    checkNow: ({ accountId }: { accountId?: string }) =>
      serial(async () => {
        const run = await beginRun('manual');
        const now = deps.now();
        const recent = (at: number | undefined) => at !== undefined && now - at < MANUAL_CHECK_GAP_MS && at <= now;
        const chosen = run.accounts.filter((a) => accountId === undefined || a.id === accountId);
        await runTasks(run, (snapshot, task) => !recent(snapshot[task].lastAttemptAt), chosen);
      }),

    /** Tests unsaved credentials: getUser, then the capacity call; stores nothing. */
    testConnection: (draft: ServiceCredentials) => checks.test(draft),

    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        const run = await beginRun(trigger);
        await ensureAlarms(run.settings, deps.now());
        await runDue(run);
      }),

    /** An alarm fired. */
    onAlarm: (name: string) =>
      serial(async () => {
        const task = TASKS.find((t) => ALARM[t] === name);
        if (name === ALARM.retry) await runDue(await beginRun('retry'));
        else if (task) await runDue(await beginRun('alarm'), [task]);
      }),

    /**
     * Host access was granted (from a popup the browser may have closed at its prompt before it
     * could ask for a check): the accounts it blocked try again at once.
     */
    onPermissionsAdded: () =>
      serial(async () => {
        await runTasks(await beginRun('access-granted'), (snapshot, task) => snapshot[task].failure?.kind === 'permission-missing');
      }),

    /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
    reschedule: () =>
      serial(async () => {
        const run = await beginRun('worker-start');
        await ensureAlarms(run.settings, deps.now());
        // An account edited to another server or user forgets what the old one said, its history too.
        const find = (id: string) => run.accounts.find((a) => a.id === id);
        await pruneSnapshots((id, snapshot) => {
          const account = find(id);
          return account !== undefined && snapshotFor(account, snapshot) === snapshot;
        });
        await pruneHistory((id, identity) => {
          const account = find(id);
          return account !== undefined && accountIdentity(account) === identity;
        });
        await runDue(run);
      }),
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
