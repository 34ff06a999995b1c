import { accountIdentity, missingCredentials, type Account } from '../store/accounts';
import { retryDelay } from './backoff';
import { fail, invalidatesNode, ok, type Failure, type Result } from '../service/failures';
import type { DatasetCapacity, UserInfo } from '../service/answers';
import type { ServiceApi, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { recordAttempt, snapshotFor, type AccountSnapshot } from '../store/account-state';
import { addReading, logActivity, recordSnapshot } from '../store/writes';
import type { ActivityTrigger } from '../store/activity';
import { dayOf } from '../time';

/** What a test of unsaved account settings found, call by call. */
export interface ConnectionReport {
  user: Result<UserInfo>;
  /** Absent when getUser failed, so the node is unknown. */
  capacity?: Result<DatasetCapacity>;
  /** The node server's origin, so the options page can ask for its permission. */
  nodeOrigin?: string;
}

export interface AccountCheckDeps {
  api: ServiceApi;
  /** Whether the extension holds the host permission for this URL. */
  canReach: (url: string) => Promise<boolean>;
  now: () => number;
}

/** What a run knows when it checks an account: why it runs (for the activity log), the settings. */
interface CheckRun {
  why: ActivityTrigger;
  settings: Settings;
}

/**
 * The two checks of one account (keep-alive: getUser; refresh: the capacity call) and the
 * record of each outcome in its snapshot. Called by the runner, which reads storage once per
 * run, decides what is due and runs one thing at a time.
 */
export function createAccountChecks({ api, canReach, now }: AccountCheckDeps) {
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
    run: CheckRun,
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
  async function keepAlive(account: Account, run: CheckRun): Promise<{ recorded?: AccountSnapshot; node: Result<string> }> {
    const blocked = await blocker(account);
    if (blocked) return { recorded: await record(account, 'keepAlive', run, fail(blocked)), node: fail(blocked) };
    const user = await api.getUser(account);
    // A failed keep-alive keeps the user details last seen: they are still the best we know.
    const recorded = await record(account, 'keepAlive', run, user, () => (user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {}));
    return { recorded, node: user.ok ? ok(user.value.node) : user };
  }

  /** The capacity call on the cached node; getUser first only when the node is unknown or stale. */
  async function refresh(account: Account, snapshot: AccountSnapshot, run: CheckRun): Promise<AccountSnapshot | undefined> {
    let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
    const failed = (outcome: Result<unknown>) => record(account, 'refresh', run, outcome);
    if (node === undefined) {
      // getUser's own backoff holds for the getUser a refresh needs: no second call before its retry.
      const { failure, retryAt } = snapshot.keepAlive;
      if (failure && retryAt !== undefined && now() < retryAt) return failed(fail(failure));
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

  return {
    /**
     * Runs one task of one account from its snapshot as the run knows it; returns the snapshot
     * as recorded, or undefined when the account changed meanwhile (its change starts a run).
     */
    async run(account: Account, snapshot: AccountSnapshot, task: Task, run: CheckRun): Promise<AccountSnapshot | undefined> {
      return task === 'keepAlive' ? (await keepAlive(account, run)).recorded : refresh(account, snapshot, run);
    },

    /** Tests unsaved settings: getUser, then the capacity call on its node. Stores nothing. */
    async test(account: ServiceCredentials): Promise<ConnectionReport> {
      const unreachable = await blocker(account);
      if (unreachable) return { user: fail(unreachable) };
      const user = await api.getUser(account);
      if (!user.ok) return { user };
      const origin = nodeOrigin(account.baseUrl, user.value.node);
      const blocked = await blocker(account, user.value.node);
      const capacity = blocked ? fail(blocked) : await api.getCapacity(account, user.value.node);
      return { user, capacity, ...(origin.ok && { nodeOrigin: origin.value }) };
    },
  };
}
