import { browser } from 'wxt/browser';
import { accountIdentity, isStoredAccount, missingCredentials, type Account } from '../store/accounts';
import { badgeFor } from '../outlook/badge';
import { decideNotices } from '../outlook/notices';
import { renderBadge, showNotice } from './display';
import { checkedMomentsAgo, checkHeldUntil, isDue, nextRetryAt, type Trigger } from '../schedule/when-due';
import { retryDelay, serverAskedToWait } from '../schedule/backoff';
import { taskInterval, TASKS, type Task } from '../schedule/checks';
import { ensureAlarms, scheduleRetry } from '../schedule/alarms';
import { fail, invalidatesNode, ok, type Failure, type Result } from '../service/failures';
import type { ConnectionReport, ServiceApi, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { pointsFor } from '../store/history';
import type { Settings } from '../store/settings';
import { recordAttempt, snapshotFor, type AccountSnapshot } from '../store/account-state';
import { storedAccountsIn, loadRecentHistory, loadStore } from '../store/items';
import { addReading, logActivity, pruneActivity, pruneHistory, pruneSnapshots, recordSnapshot, removeAccount, saveAccounts, StorageLockedError } from '../store/writes';
import type { CheckAnswer, SaveAnswer } from '../outlook/command-replies';
import { ChecksInFlight } from './checks-in-flight';
import type { ActivityTrigger } from '../store/activity';
import { dayOf } from '../basics/time';
import { ALARM } from '../store/stored-names';

export interface BackgroundDeps {
  api: ServiceApi;
  /** Whether the extension holds the host permission for this URL. */
  canReach: (url: string) => Promise<boolean>;
  now: () => number;
}

/** One run: why it runs (for the activity log), and what storage held when it began, read once and passed down. */
interface Run {
  why: ActivityTrigger;
  settings: Settings;
  accounts: readonly Account[];
  /** Each account's snapshot as this run knows it: as read, then as each check recorded it. */
  snapshots: Map<string, AccountSnapshot>;
}

async function beginRun(why: ActivityTrigger): Promise<Run> {
  // One read of storage: a worker woken by an alarm sets nothing in motion before it is back.
  const { accounts, settings, snapshots } = await loadStore();
  return { why, settings, accounts, snapshots: new Map(accounts.map((a) => [a.id, snapshotFor(a, snapshots[a.id])])) };
}

/**
 * The background's runs, from the event that starts one to the badge: reads storage once,
 * decides what is due (`schedule.ts`), runs each account's checks (the sign-in: getUser; the
 * usage update: the capacity call) and records every outcome, tells the user what changed and
 * draws the badge. It keeps nothing in memory between runs that storage does not hold: the
 * worker may stop between any two awaits.
 */
export function createBackgroundService({ api, canReach, now }: BackgroundDeps) {
  let queue: Promise<unknown> = Promise.resolve();

  /** Work runs one piece at a time, so each sees what the previous one recorded. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => console.warn('Storage Keeper: background task failed', error));
    return next;
  }

  /** The checks under way, stopped at once when their account is edited. */
  const inFlight = new ChecksInFlight();

  /**
   * Changes the stored accounts for a page: the checks of the accounts it edits or removes stop
   * before the change is stored, so nothing more goes out with what the user just replaced.
   */
  async function changeAccounts(saved: readonly Account[], removed: readonly string[], write: () => Promise<void>): Promise<SaveAnswer> {
    if (!saved.every(isStoredAccount)) throw new Error('Storage Keeper: not an account.');
    inFlight.willStore(saved, removed);
    try {
      await write();
      return { saved: true };
    } catch (error) {
      inFlight.notStored([...saved.map((a) => a.id), ...removed]);
      if (error instanceof StorageLockedError) return { refused: error.reason };
      throw error;
    }
  }

  // One account's checks.

  /** Why nothing may be sent for this account (to this node), if anything. */
  async function blocker(account: ServiceCredentials, node?: string): Promise<Failure | undefined> {
    const missing = missingCredentials(account);
    if (missing.length > 0) return { kind: 'not-configured', missing };
    const target = node === undefined ? ok(account.baseUrl) : nodeOrigin(account.baseUrl, node);
    if (!target.ok) return target.failure;
    if (!(await canReach(target.value))) return { kind: 'permission-missing', origin: target.value };
    return undefined;
  }

  /**
   * Stores a task's outcome (and `extra` fields) with its retry time, and logs it with why it
   * ran: the snapshot as recorded, or undefined when the account was removed or edited
   * meanwhile (the outcome is only about the credentials it was fetched with, so it is dropped;
   * `stop` tells it at once, the credentials check in recordSnapshot in any case).
   */
  async function record(
    account: Account,
    task: Task,
    run: Run,
    stop: AbortSignal,
    outcome: Result<unknown>,
    extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
  ): Promise<AccountSnapshot | undefined> {
    if (stop.aborted) return undefined;
    const interval = taskInterval(run.settings, task);
    const at = now();
    const recorded = await recordSnapshot(account, (stored) => {
      const s = snapshotFor(account, stored);
      return {
        ...s,
        ...extra(s),
        identity: accountIdentity(account),
        [task]: recordAttempt(s[task], at, outcome, (n, f) => retryDelay(task, n, f, interval)),
      };
    });
    if (recorded) {
      const check = task === 'keepAlive' ? 'sign-in' : 'usage';
      await logActivity(account.id, accountIdentity(account), { at, check, trigger: run.why, outcome: outcome.ok ? 'ok' : outcome.failure.kind }, at);
    }
    return recorded;
  }

  /** getUser: the keep-alive, and the source of the node host. */
  async function keepAlive(account: Account, run: Run, stop: AbortSignal): Promise<{ recorded?: AccountSnapshot; node: Result<string> }> {
    const blocked = await blocker(account);
    if (blocked) return { recorded: await record(account, 'keepAlive', run, stop, fail(blocked)), node: fail(blocked) };
    const user = await api.getUser(account, stop);
    // A failed keep-alive keeps the user details last seen: they are still the best we know.
    const recorded = await record(account, 'keepAlive', run, stop, user, () => (user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {}));
    return { recorded, node: user.ok ? ok(user.value.node) : user };
  }

  /** The capacity call on the cached node; getUser first only when the node is unknown or stale. */
  async function refresh(account: Account, snapshot: AccountSnapshot, run: Run, stop: AbortSignal): Promise<AccountSnapshot | undefined> {
    let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
    const failed = (outcome: Result<unknown>) => record(account, 'refresh', run, stop, outcome);
    if (node === undefined) {
      // getUser's own backoff holds for the getUser a refresh needs: no second call before its retry.
      // Recorded with only the wait the server has left, so the usage update is not held past it.
      const { failure, retryAt } = snapshot.keepAlive;
      if (failure && retryAt !== undefined && now() < retryAt) {
        return failed(fail('retryAfterMs' in failure && serverAskedToWait(failure) ? { ...failure, retryAfterMs: retryAt - now() } : failure));
      }
      const looked = await keepAlive(account, run, stop);
      if (!looked.recorded) return undefined;
      if (!looked.node.ok) return failed(looked.node);
      node = looked.node.value;
    }
    const blocked = await blocker(account, node);
    if (blocked) return failed(fail(blocked));
    const capacity = await api.getCapacity(account, node, stop);
    const at = now();
    const recorded = await record(account, 'refresh', run, stop, capacity, (s) =>
      capacity.ok ? { capacity: { ...capacity.value, at } } : { nodeStale: s.nodeStale === true || invalidatesNode(capacity.failure) },
    );
    // The day's history point: only a reading recorded for these credentials.
    if (recorded && capacity.ok) await addReading(account.id, accountIdentity(account), [dayOf(at), capacity.value.used, capacity.value.quota]);
    return recorded;
  }

  // Runs over all accounts.

  /** Runs, per account `chosen`, the tasks `pick` selects: keep-alive before refresh, accounts side by side. */
  async function runTasks(run: Run, pick: (snapshot: AccountSnapshot, task: Task) => boolean, chosen = run.accounts): Promise<void> {
    await Promise.all(
      chosen.map(async (account) => {
        // A run whose one read came just before a Save starts nothing with what it read.
        const stop = inFlight.begin(account);
        try {
          for (const task of TASKS) {
            const snapshot = run.snapshots.get(account.id)!;
            if (!pick(snapshot, task)) continue;
            // The refresh goes on from what the keep-alive just recorded (its node).
            const recorded = task === 'keepAlive' ? (await keepAlive(account, run, stop.signal)).recorded : await refresh(account, snapshot, run, stop.signal);
            // An account edited or removed meanwhile is left to the run its change starts.
            if (!recorded) return;
            run.snapshots.set(account.id, recorded);
          }
        } finally {
          inFlight.end(stop);
        }
      }),
    );
    await publish(run);
  }

  /** Runs what is due (of the tasks `only`), as the schedule that woke the worker sees it. */
  function runDue(run: Run, trigger: Trigger, only: readonly Task[] = TASKS): Promise<void> {
    const at = now();
    return runTasks(run, (snapshot, task) => only.includes(task) && isDue(snapshot[task], task, taskInterval(run.settings, task), at, trigger));
  }

  /** Tells the user what changed (each notice shown, then recorded), redraws the badge, arms the retry. */
  async function publish({ accounts, settings, snapshots }: Run): Promise<void> {
    const history = await loadRecentHistory();
    const at = now();
    for (const account of accounts) {
      const snapshot = snapshots.get(account.id)!;
      const points = pointsFor(history[account.id], accountIdentity(account));
      const { alerts, notices } = decideNotices(account, snapshot, points, settings, at);
      // Shown before recorded: a worker stopped in between shows it again under the same id, never loses it.
      for (const notice of notices) await showNotice(account, notice, at);
      if (JSON.stringify(alerts) !== JSON.stringify(snapshot.alerts)) {
        const recorded = await recordSnapshot(account, (stored) => ({ ...snapshotFor(account, stored), alerts }));
        if (recorded) snapshots.set(account.id, recorded);
      }
    }
    const views = accounts.map((account) => ({ account, snapshot: snapshots.get(account.id)! }));
    await renderBadge(badgeFor(views, settings, at));
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot), at));
  }

  /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
  const reschedule = () =>
    serial(async () => {
      const run = await beginRun('settings');
      await ensureAlarms(run.settings, now());
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
    });

  return {
    /**
     * A full check (getUser, then capacity) of one account or all, at most once per account per
     * few seconds; none of an account the service asked to wait (checkHeldUntil): the answer says
     * how long the longest such wait still runs.
     */
    checkNow: ({ accountId }: { accountId?: string }): Promise<CheckAnswer> =>
      serial(async () => {
        const run = await beginRun('manual');
        const at = now();
        const chosen = run.accounts.filter((a) => accountId === undefined || a.id === accountId);
        const heldUntil = new Map(chosen.map((a) => [a, checkHeldUntil(run.snapshots.get(a.id)!, at)]));
        const free = chosen.filter((a) => heldUntil.get(a) === undefined);
        await runTasks(run, (snapshot, task) => !checkedMomentsAgo(snapshot[task], at), free);
        const waits = [...heldUntil.values()].flatMap((until) => (until === undefined ? [] : [until - at]));
        if (waits.length === 0) return {};
        return { waitMs: Math.max(...waits), ...(free.length > 0 && { partly: true as const }) };
      }),

    /** Tests unsaved credentials: getUser, then the capacity call on its node. Stores nothing. */
    async testConnection(draft: ServiceCredentials): Promise<ConnectionReport> {
      const unreachable = await blocker(draft);
      if (unreachable) return { user: fail(unreachable) };
      const user = await api.getUser(draft);
      if (!user.ok) return { user };
      const origin = nodeOrigin(draft.baseUrl, user.value.node);
      const blocked = await blocker(draft, user.value.node);
      const capacity = blocked ? fail(blocked) : await api.getCapacity(draft, user.value.node);
      return { user, capacity, ...(origin.ok && { nodeOrigin: origin.value }) };
    },

    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        const run = await beginRun('start');
        await ensureAlarms(run.settings, now());
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

    /** The Settings page saves accounts (an edit, a new one, an import): their old checks stop first. */
    saveAccounts: ({ accounts }: { accounts: readonly Account[] }) => changeAccounts(accounts, [], () => saveAccounts(accounts)),

    /** The Settings page removes an account: its checks stop first. */
    removeAccount: ({ accountId }: { accountId: string }) => changeAccounts([], [accountId], () => removeAccount(accountId)),

    /**
     * The stored accounts changed (`stored`: the new value), by whoever: the checks under way of
     * an account now stored with other credentials, or removed, stop at once, not behind the run
     * in flight; then the change is seen to as any settings change.
     */
    accountsChanged(stored: unknown): Promise<void> {
      inFlight.stored(storedAccountsIn(stored));
      return reschedule();
    },

    reschedule,
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
