import type { ConnectionReport, ServiceCredentials } from '../service/client';
import { storedAccountsIn } from '../store/reads';
import { checkNowHolds } from '../schedule/when-due';
import {
  alarmMeaning,
  blockedByHostAccess,
  dueChecks,
  notMomentsAgo,
  type CheckChoice,
} from '../schedule/check-choices';
import { ensureAlarms } from '../schedule/alarms';
import type { CheckAnswer, TestStopped } from '../outlook/command-replies';
import { checkAccount } from './account-checks';
import { changeSession, forgetReplaced } from './changes';
import { ChecksInFlight } from './checks-in-flight';
import { switchToAddressForm } from './address-form';
import { testConnection } from './connection-test';
import { publish } from './publish';
import { oneAtATime } from './queue';
import { beginRun, type BackgroundDeps, type Run } from './run';

export type { BackgroundDeps };

/**
 * The background's events: what happens at each one that starts a run (a worker or browser
 * start, an alarm, a change of the settings or accounts, host access granted) and at each
 * command of a page. A run reads storage once (run.ts), makes the checks a choice of
 * lib/schedule/check-choices.ts selects (account-checks.ts: the sign-in, the usage update, their
 * records), and tells the user (publish.ts: notices, badge, the retry alarm). Nothing is kept in
 * memory between runs that storage does not hold, the worker may stop between any two awaits;
 * only the queue and the checks under way (checks-in-flight.ts).
 */
export function createBackgroundService(deps: BackgroundDeps) {
  const serial = oneAtATime();
  const inFlight = new ChecksInFlight();

  /**
   * Makes the checks `choose` selects of the accounts `chosen`, side by side, each account's with
   * one AccountRun whose `stop` is aborted the moment it is edited; then tells the user.
   */
  async function checkAccounts(run: Run, choose: CheckChoice, chosen = run.accounts) {
    const at = deps.now();
    await Promise.all(
      chosen.map(async (account) => {
        // Begun at once, before any await: a run whose one read came just before a Save starts nothing with what it read.
        const stop = inFlight.begin(account);
        try {
          await checkAccount({ ...deps, account, run, at, stop: stop.signal }, choose);
        } finally {
          inFlight.end(stop);
        }
      }),
    );
    await publish(deps, run);
  }

  /** Settings or accounts changed: new periods; new, edited and removed accounts seen to. */
  const reschedule = () =>
    serial(async () => {
      const run = await beginRun('settings');
      await ensureAlarms(run.settings, deps.now());
      await forgetReplaced(run.accounts);
      await checkAccounts(run, dueChecks('worker-start'));
    });

  const service = {
    /** Worker or browser start: alarms checked, overdue work caught up at once. */
    start: (trigger: 'worker-start' | 'browser-start') =>
      serial(async () => {
        const run = await beginRun('start');
        await ensureAlarms(run.settings, deps.now());
        await checkAccounts(run, dueChecks(trigger));
      }),

    /** An alarm fired: what it means (check-choices.ts) is run; an alarm not ours is left alone. */
    onAlarm: (name: string) =>
      serial(async () => {
        const meaning = alarmMeaning(name);
        if (meaning) await checkAccounts(await beginRun(meaning.why), meaning.choose);
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
        await checkAccounts(run, notMomentsAgo, free);
        if (longestWaitMs === undefined) return {};
        return { waitMs: longestWaitMs, ...(free.length > 0 && { partly: true as const }) };
      }),

    /** Tests unsaved credentials (connection-test.ts); stores nothing. A check of its account: a change of it stops it. */
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

    /**
     * Host access was granted (from a popup the browser may have closed at its prompt before it
     * could ask for a check): the accounts it blocked try again at once.
     */
    onPermissionsAdded: () =>
      serial(async () => {
        await checkAccounts(await beginRun('permission'), blockedByHostAccess);
      }),

    /**
     * A page's change begins (its click): the account it names (none: every account) is held
     * until its change is stored or the page gives up (closes). Its change is then planned and
     * carried out over what is stored (changes.ts); an account saved with new credentials is
     * checked at once.
     */
    beginChange: (accountId: string | undefined) =>
      changeSession(inFlight, accountId, (id) => void service.checkNow({ accountId: id })),

    /** The popup's fix for a key refused in the header (address-form.ts). */
    useAddressForm: (data: { accountId: string; revision: string }) =>
      switchToAddressForm(inFlight, data, service.checkNow),

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
  return service;
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
