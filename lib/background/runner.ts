import { browser } from 'wxt/browser';
import { accountIdentity, missingCredentials, type Account } from '../store/accounts';
import { badgeFor } from '../outlook/badge';
import { decideNotices } from '../outlook/notices';
import { renderBadge, showNotice } from './display';
import { checkedMomentsAgo, isDue, nextRetryAt, retryDelay, serverAskedToWait, TASKS, type Trigger } from '../outlook/schedule';
import { fail, invalidatesNode, ok, type Failure, type Result } from '../service/failures';
import type { ConnectionReport, ServiceApi, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { pointsFor } from '../store/history';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { recordAttempt, snapshotFor, type AccountSnapshot } from '../store/account-state';
import { loadRecentHistory, loadStore } from '../store/items';
import { addReading, logActivity, pruneActivity, pruneHistory, pruneSnapshots, recordSnapshot } from '../store/writes';
import type { ActivityTrigger } from '../store/activity';
import { DAY_MS, dayOf } from '../basics/time';

/** The alarms: one periodic alarm per task, and one for the earliest backed-off retry. */
export const ALARM = { keepAlive: 'keep-alive', refresh: 'refresh', retry: 'retry' } as const;

const periodMinutes = (settings: Settings, task: Task) => taskInterval(settings, task) / 60_000;

/**
 * Makes sure each periodic alarm exists with the period the settings ask for. An alarm that
 * already exists with that period is left alone: re-creating it would push it back and, at
 * every worker start, keep it from ever firing. One due more than a day past its period was set
 * while the clock ran ahead, and would not fire until the clock caught up: it is set again. (The
 * day's slack leaves alone an alarm a browser has put off a little, e.g. to its shortest delay.)
 */
export async function ensureAlarms(settings: Settings, now: number): Promise<void> {
  await Promise.all(
    TASKS.map(async (task) => {
      const period = periodMinutes(settings, task);
      const existing = await browser.alarms.get(ALARM[task]);
      if (existing?.periodInMinutes === period && existing.scheduledTime <= now + period * 60_000 + DAY_MS) return;
      await browser.alarms.create(ALARM[task], { when: now + period * 60_000, periodInMinutes: period });
    }),
  );
}

/** Sets (or clears) the one-shot alarm for the earliest retry. */
export async function scheduleRetry(at: number | undefined): Promise<void> {
  const existing = await browser.alarms.get(ALARM.retry);
  if (at === undefined) {
    if (existing) await browser.alarms.clear(ALARM.retry);
    return;
  }
  if (existing?.scheduledTime !== at) await browser.alarms.create(ALARM.retry, { when: at });
}

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
  function serial(work: () => Promise<void>): Promise<void> {
    const next = queue.then(work);
    queue = next.catch((error: unknown) => console.warn('Storage Keeper: background task failed', error));
    return next;
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
   * meanwhile (the outcome is only about the credentials it was fetched with, so it is dropped).
   */
  async function record(
    account: Account,
    task: Task,
    run: Run,
    outcome: Result<unknown>,
    extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
  ): Promise<AccountSnapshot | undefined> {
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
  async function keepAlive(account: Account, run: Run): Promise<{ recorded?: AccountSnapshot; node: Result<string> }> {
    const blocked = await blocker(account);
    if (blocked) return { recorded: await record(account, 'keepAlive', run, fail(blocked)), node: fail(blocked) };
    const user = await api.getUser(account);
    // A failed keep-alive keeps the user details last seen: they are still the best we know.
    const recorded = await record(account, 'keepAlive', run, user, () => (user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {}));
    return { recorded, node: user.ok ? ok(user.value.node) : user };
  }

  /** The capacity call on the cached node; getUser first only when the node is unknown or stale. */
  async function refresh(account: Account, snapshot: AccountSnapshot, run: Run): Promise<AccountSnapshot | undefined> {
    let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
    const failed = (outcome: Result<unknown>) => record(account, 'refresh', run, outcome);
    if (node === undefined) {
      // getUser's own backoff holds for the getUser a refresh needs: no second call before its retry.
      // Recorded with only the wait the server has left, so the usage update is not held past it.
      const { failure, retryAt } = snapshot.keepAlive;
      if (failure && retryAt !== undefined && now() < retryAt) {
        return failed(fail('retryAfterMs' in failure && serverAskedToWait(failure) ? { ...failure, retryAfterMs: retryAt - now() } : failure));
      }
      const looked = await keepAlive(account, run);
      if (!looked.recorded) return undefined;
      if (!looked.node.ok) return failed(looked.node);
      node = looked.node.value;
    }
    const blocked = await blocker(account, node);
    if (blocked) return failed(fail(blocked));
    const capacity = await api.getCapacity(account, node);
    const at = now();
    const recorded = await record(account, 'refresh', run, capacity, (s) =>
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
        for (const task of TASKS) {
          const snapshot = run.snapshots.get(account.id)!;
          if (!pick(snapshot, task)) continue;
          // The refresh goes on from what the keep-alive just recorded (its node).
          const recorded = task === 'keepAlive' ? (await keepAlive(account, run)).recorded : await refresh(account, snapshot, run);
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
    await scheduleRetry(nextRetryAt(views.map((v) => v.snapshot)));
  }

  return {
    /** A full check (getUser, then capacity) of one account or all, at most once per account per few seconds. */
    checkNow: ({ accountId }: { accountId?: string }) =>
      serial(async () => {
        const run = await beginRun('manual');
        const at = now();
        const chosen = run.accounts.filter((a) => accountId === undefined || a.id === accountId);
        await runTasks(run, (snapshot, task) => !checkedMomentsAgo(snapshot[task], at), chosen);
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

    /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
    reschedule: () =>
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
      }),
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
