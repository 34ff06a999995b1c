import { accountIdentity, credentialsKey, missingCredentials, type Account } from '../store/accounts';
import { retryDelay } from './backoff';
import { fail, invalidatesNode, ok, type Failure, type Result } from '../service/failures';
import type { DatasetCapacity, UserInfo } from '../service/answers';
import type { ServiceApi, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { taskInterval, type Settings, type Task } from '../store/settings';
import { recordAttempt, snapshotFor, type AccountSnapshot } from '../store/account-state';
import { loadAccounts, loadSnapshots } from '../store/items';
import { addReading, logActivity, updateSnapshot } from '../store/writes';
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

export interface AccountTaskDeps {
  api: ServiceApi;
  /** Whether the extension holds the host permission for this URL. */
  canReach: (url: string) => Promise<boolean>;
  now: () => number;
}

/**
 * The two tasks of one account (keep-alive: getUser; refresh: the capacity call) and the
 * record of each outcome in its snapshot. Called by the background service, which decides
 * when and runs one thing at a time.
 */
export function createAccountTasks({ api, canReach, now }: AccountTaskDeps) {
  /** Why nothing may be sent for this account (to this node), if anything. */
  async function blocker(account: ServiceCredentials, node?: string): Promise<Failure | undefined> {
    const missing = missingCredentials(account);
    if (missing.length > 0) return { kind: 'not-configured', missing };
    const target = node === undefined ? ok(account.baseUrl) : nodeOrigin(account.baseUrl, node);
    if (!target.ok) return target.failure;
    if (!(await canReach(target.value))) return { kind: 'permission-missing', origin: target.value };
    return undefined;
  }

  /** Whether the account is still stored with these credentials (not removed or edited since). */
  async function isCurrent(account: Account): Promise<boolean> {
    const stored = (await loadAccounts()).accounts.find((a) => a.id === account.id);
    return stored !== undefined && credentialsKey(stored) === credentialsKey(account);
  }

  /** The account's snapshot as it is now (another server's or user's data does not count). */
  async function snapshotOf(account: Account): Promise<AccountSnapshot> {
    return snapshotFor(account, (await loadSnapshots())[account.id]);
  }

  /**
   * Stores a task's outcome (and `extra` fields) with its retry time, and logs it with what
   * triggered it. An outcome is only about the credentials it was fetched with: if the
   * account was removed or edited in the meantime, it is dropped (and false returned).
   */
  async function record(
    account: Account,
    task: Task,
    settings: Settings,
    trigger: ActivityTrigger,
    outcome: Result<unknown>,
    extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
  ): Promise<boolean> {
    if (!(await isCurrent(account))) return false;
    const interval = taskInterval(settings, task);
    const at = now();
    await updateSnapshot(account.id, (stored) => {
      const s = snapshotFor(account, stored);
      return {
        ...s,
        ...extra(s),
        identity: accountIdentity(account),
        [task]: recordAttempt(s[task], at, outcome, (n, f) => retryDelay(task, n, f, interval)),
      };
    });
    const check = task === 'keepAlive' ? 'sign-in' : 'usage';
    await logActivity(account.id, accountIdentity(account), { at, check, trigger, outcome: outcome.ok ? 'ok' : outcome.failure.kind }, at);
    return true;
  }

  /** getUser: the keep-alive, and the source of the node host. */
  async function keepAlive(account: Account, settings: Settings, trigger: ActivityTrigger): Promise<Result<string>> {
    const blocked = await blocker(account);
    if (blocked) {
      await record(account, 'keepAlive', settings, trigger, fail(blocked));
      return fail(blocked);
    }
    const user = await api.getUser(account);
    // A failed keep-alive keeps the user details last seen: they are still the best we know.
    await record(account, 'keepAlive', settings, trigger, user, () =>
      user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {},
    );
    return user.ok ? ok(user.value.node) : user;
  }

  /** The capacity call on the cached node; getUser first only when the node is unknown or stale. */
  async function refresh(account: Account, settings: Settings, trigger: ActivityTrigger): Promise<void> {
    const snapshot = await snapshotOf(account);
    let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
    const failed = async (outcome: Result<unknown>) => void (await record(account, 'refresh', settings, trigger, outcome));
    if (node === undefined) {
      // getUser's own backoff holds for the getUser a refresh needs: no second call before its retry.
      const { failure, retryAt } = snapshot.keepAlive;
      if (failure && retryAt !== undefined && now() < retryAt) return failed(fail(failure));
      const looked = await keepAlive(account, settings, trigger);
      if (!looked.ok) return failed(looked);
      node = looked.value;
    }
    const blocked = await blocker(account, node);
    if (blocked) return failed(fail(blocked));
    const capacity = await api.getCapacity(account, node);
    const at = now();
    const recorded = await record(account, 'refresh', settings, trigger, capacity, (s) =>
      capacity.ok ? { capacity: { ...capacity.value, at } } : { nodeStale: s.nodeStale === true || invalidatesNode(capacity.failure) },
    );
    // The day's history point: only a reading recorded for these credentials.
    if (recorded && capacity.ok) await addReading(account.id, accountIdentity(account), [dayOf(at), capacity.value.used, capacity.value.quota]);
  }

  return {
    isCurrent,
    snapshotOf,

    /** Runs one task for one account; `trigger` is why, for its log. */
    async run(account: Account, task: Task, settings: Settings, trigger: ActivityTrigger): Promise<void> {
      if (task === 'keepAlive') await keepAlive(account, settings, trigger);
      else await refresh(account, settings, trigger);
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

export type AccountTasks = ReturnType<typeof createAccountTasks>;
