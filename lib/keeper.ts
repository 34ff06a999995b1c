import type { ConnectionReport } from './messages';
import { missingCredentials, type Account } from './accounts';
import { retryDelay } from './backoff';
import { fail, invalidatesNode, ok, type Failure, type Result } from './failures';
import type { ServiceApi, ServiceCredentials } from './service-api';
import { nodeOrigin } from './service-schemas';
import { taskInterval, type Settings, type Task } from './settings';
import { emptySnapshot, recordAttempt, type AccountSnapshot } from './snapshot';
import { loadSnapshots, updateSnapshot } from './stored-state';

export interface KeeperDeps {
  api: ServiceApi;
  /** Whether the extension holds the host permission for this URL. */
  canReach: (url: string) => Promise<boolean>;
  now: () => number;
}

/**
 * Runs the two tasks of an account and records each outcome in its snapshot. A task that is
 * already running for an account is joined, never started twice.
 */
export function createKeeper({ api, canReach, now }: KeeperDeps) {
  const running = new Map<string, Promise<void>>();

  /** Why nothing may be sent for this account (to this node), if anything. */
  async function blocker(account: ServiceCredentials, node?: string): Promise<Failure | undefined> {
    const missing = missingCredentials(account);
    if (missing.length > 0) return { kind: 'not-configured', missing };
    const target = node === undefined ? ok(account.baseUrl) : nodeOrigin(account.baseUrl, node);
    if (!target.ok) return target.failure;
    if (!(await canReach(target.value))) return { kind: 'permission-missing', origin: target.value };
    return undefined;
  }

  /** Stores a task's outcome (and `extra` fields) in the account's snapshot, with its retry time. */
  function record(
    account: Account,
    task: Task,
    settings: Settings,
    outcome: Result<unknown>,
    extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
  ) {
    const interval = taskInterval(settings, task);
    return updateSnapshot(account.id, (s) => ({
      ...s,
      ...extra(s),
      [task]: recordAttempt(s[task], now(), outcome, (n, f) => retryDelay(n, f, interval)),
    }));
  }

  /** getUser: the keep-alive, and the source of the node host. */
  async function keepAlive(account: Account, settings: Settings): Promise<Result<string>> {
    const blocked = await blocker(account);
    if (blocked) {
      await record(account, 'keepAlive', settings, fail(blocked));
      return fail(blocked);
    }
    const user = await api.getUser(account);
    await record(account, 'keepAlive', settings, user, () =>
      user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {},
    );
    return user.ok ? { ok: true, value: user.value.node } : user;
  }

  /** getDatasetCapacity on the cached node; getUser first only when the node is unknown or stale. */
  async function refresh(account: Account, settings: Settings): Promise<void> {
    const snapshot = (await loadSnapshots())[account.id] ?? emptySnapshot();
    let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
    if (node === undefined) {
      const looked = await keepAlive(account, settings);
      if (!looked.ok) return void (await record(account, 'refresh', settings, looked));
      node = looked.value;
    }
    const blocked = await blocker(account, node);
    if (blocked) return void (await record(account, 'refresh', settings, fail(blocked)));
    const capacity = await api.getCapacity(account, node);
    await record(account, 'refresh', settings, capacity, (s) =>
      capacity.ok
        ? { capacity: { ...capacity.value, at: now() } }
        : { nodeStale: s.nodeStale || invalidatesNode(capacity.failure) },
    );
  }

  return {
    /** Runs one task for one account, joining a run already under way. */
    run(account: Account, task: Task, settings: Settings): Promise<void> {
      const key = `${task}:${account.id}`;
      const existing = running.get(key);
      if (existing) return existing;
      const work = (task === 'keepAlive' ? keepAlive(account, settings).then(() => undefined) : refresh(account, settings))
        .finally(() => running.delete(key));
      running.set(key, work);
      return work;
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

export type Keeper = ReturnType<typeof createKeeper>;
