import type { ConnectionReport, ServiceCredentials } from '../service/client';
import { storedAccountsIn } from '../store/reads';
import { checkedMomentsAgo, checkNowHolds, isDue, type Trigger } from '../schedule/when-due';
import { checkInterval, CHECKS } from '../schedule/checks';
import type { Check } from '../store/account-state';
import { checkOfAlarm, ensureAlarms } from '../schedule/alarms';
import type { CheckAnswer, TestStopped } from '../outlook/command-replies';
import { ALARM } from '../store/stored-names';
import { checkAccount, testConnection, type CheckChoice } from './account-checks';
import { forgetReplaced, pageChanges } from './account-changes';
import { ChecksInFlight } from './checks-in-flight';
import { publish } from './publish';
import { beginRun, oneAtATime, type BackgroundDeps, type Run } from './run';

export type { BackgroundDeps };

/**
 * The background: what happens at each event that starts a run (a worker or browser start, an
 * alarm, a change of the settings or accounts, host access granted) and at each command of a
 * page. A run reads storage once (run.ts), runs each account's checks (account-checks.ts: the
 * sign-in, the usage update, their records), and tells the user (publish.ts: notices, badge, the
 * retry alarm). Nothing is kept in memory between runs that storage does not hold, the worker may
 * stop between any two awaits; only the queue and the checks under way (checks-in-flight.ts).
 */
export function createBackgroundService(deps: BackgroundDeps) {
  const serial = oneAtATime();
  const inFlight = new ChecksInFlight();

  /** Makes the checks `choose` selects of the accounts `chosen`, side by side, then tells the user. */
  async function runChecks(run: Run, choose: CheckChoice, chosen = run.accounts): Promise<void> {
    await Promise.all(
      chosen.map((account) =>
        inFlight.track(account, (stop) => checkAccount(deps, run, account, choose, stop)),
      ),
    );
    await publish(deps, run);
  }

  /** Makes what is due (of the checks `only`), as the schedule that woke the worker sees it. */
  function runDue(run: Run, trigger: Trigger, only: readonly Check[] = CHECKS): Promise<void> {
    const at = deps.now();
    return runChecks(
      run,
      (state, check) =>
        only.includes(check) &&
        isDue(state, check, checkInterval(run.settings, check), at, trigger),
    );
  }

  /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
  const reschedule = () =>
    serial(async () => {
      const run = await beginRun('settings');
      await ensureAlarms(run.settings, deps.now());
      await forgetReplaced(run.accounts);
      await runDue(run, 'worker-start');
    });

  return {
    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        const run = await beginRun('start');
        await ensureAlarms(run.settings, deps.now());
        await runDue(run, trigger);
      }),

    /** An alarm fired: a check's own alarm makes that check where it is due, the retry alarm every retry that is. */
    onAlarm: (name: string) =>
      serial(async () => {
        const check = checkOfAlarm(name);
        if (name === ALARM.retry) await runDue(await beginRun('retry'), 'retry');
        else if (check) await runDue(await beginRun('schedule'), 'alarm', [check]);
      }),

    /**
     * A full check (getUser, then capacity) of one account or all, at most once per account per
     * few seconds; none of an account the service asked to wait (checkHeldUntil): the answer says
     * how long the longest such wait still runs.
     */
    checkNow: ({ accountId }: { accountId?: string }): Promise<CheckAnswer> =>
      serial(async () => {
        const run = await beginRun('manual');
        const at = deps.now();
        const chosen = run.accounts.filter((a) => accountId === undefined || a.id === accountId);
        const { free, longestWaitMs } = checkNowHolds(chosen, (a) => run.snapshots.get(a.id)!, at);
        await runChecks(run, (state) => !checkedMomentsAgo(state, at), free);
        if (longestWaitMs === undefined) return {};
        return { waitMs: longestWaitMs, ...(free.length > 0 && { partly: true as const }) };
      }),

    /** Tests unsaved credentials (account-checks.ts); stores nothing. A check of its account: a change of it stops it. */
    testConnection: ({
      draft,
      accountId,
    }: {
      draft: ServiceCredentials;
      accountId: string;
    }): Promise<ConnectionReport | TestStopped> =>
      inFlight.trackTest(accountId, async (stop) => {
        const report = await testConnection(deps, draft, stop);
        return stop.aborted ? { stopped: true as const } : report;
      }),

    /** A page is about to change an account (its Save clicked): its checks stop until released (checks-in-flight.ts). */
    holdChecks: (accountId: string) => inFlight.hold(accountId),

    /**
     * Host access was granted (from a popup the browser may have closed at its prompt before it
     * could ask for a check): the accounts it blocked try again at once.
     */
    onPermissionsAdded: () =>
      serial(async () => {
        await runChecks(
          await beginRun('permission'),
          (state) => state.failure?.kind === 'permission-missing',
        );
      }),

    /** The Settings page's changes of the accounts and settings (account-changes.ts): the checks of what they replace stop first. */
    ...pageChanges(inFlight),

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
