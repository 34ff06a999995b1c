import { accountIdentity, missingCredentials, type Account } from '../store/accounts';
import { fail, invalidatesNode, ok, type Failure, type Result } from '../service/failures';
import type { ConnectionReport, ServiceCredentials } from '../service/client';
import { nodeOrigin } from '../service/addresses';
import { retryDelay, serverAskedToWait } from '../schedule/backoff';
import { checkInterval, CHECKS } from '../schedule/checks';
import {
  checkState,
  recordAttempt,
  snapshotFor,
  withCheckState,
  type AccountSnapshot,
  type Check,
  type CheckState,
} from '../store/account-state';
import { addReading, logActivity, recordSnapshot } from '../store/writes';
import { dayOf } from '../basics/time';
import type { BackgroundDeps, Run } from './run';

// One account's checks: what blocks them, the sign-in (getUser), the usage update (the capacity
// call), and the recording of each outcome with its retry time and its line in the activity log.
// Each check belongs to a run (what it read, why it runs) and stops at `stop`, aborted the moment
// its account is edited (checks-in-flight.ts).

/** Which checks of an account a run makes, from each one's state as the run knows it. */
export type CheckChoice = (state: CheckState, check: Check) => boolean;

/**
 * Makes the checks `choose` selects of one account, the sign-in before the usage update (which goes
 * on from the node it just recorded), each outcome recorded into the run's snapshots.
 */
export async function checkAccount(
  deps: BackgroundDeps,
  run: Run,
  account: Account,
  choose: CheckChoice,
  stop: AbortSignal,
): Promise<void> {
  for (const check of CHECKS) {
    const snapshot = run.snapshots.get(account.id)!;
    if (!choose(checkState(snapshot, check), check)) continue;
    const recorded =
      check === 'signIn'
        ? (await signIn(deps, account, run, stop)).recorded
        : await updateUsage(deps, account, snapshot, run, stop);
    // An account edited or removed meanwhile is left to the run its change starts.
    if (!recorded) return;
    run.snapshots.set(account.id, recorded);
  }
}

/** Tests unsaved credentials: getUser, then the capacity call on its node, each stopped at `stop`. Stores nothing. */
export async function testConnection(
  { api, canReach }: BackgroundDeps,
  draft: ServiceCredentials,
  stop?: AbortSignal,
): Promise<ConnectionReport> {
  const unreachable = await blocker(canReach, draft);
  if (unreachable) return { user: fail(unreachable) };
  const user = await api.getUser(draft, stop);
  if (!user.ok) return { user };
  const origin = nodeOrigin(draft.baseUrl, user.value.node);
  const blocked = await blocker(canReach, draft, user.value.node);
  const capacity = blocked ? fail(blocked) : await api.getCapacity(draft, user.value.node, stop);
  return { user, capacity, ...(origin.ok && { nodeOrigin: origin.value }) };
}

/** Why nothing may be sent for this account (to this node), if anything. */
async function blocker(
  canReach: BackgroundDeps['canReach'],
  account: ServiceCredentials,
  node?: string,
): Promise<Failure | undefined> {
  const missing = missingCredentials(account);
  if (missing.length > 0) return { kind: 'not-configured', missing };
  const target = node === undefined ? ok(account.baseUrl) : nodeOrigin(account.baseUrl, node);
  if (!target.ok) return target.failure;
  if (!(await canReach(target.value))) return { kind: 'permission-missing', origin: target.value };
  return undefined;
}

/** The sign-in: getUser, which keeps the account alive and names its node host. */
async function signIn(
  deps: BackgroundDeps,
  account: Account,
  run: Run,
  stop: AbortSignal,
): Promise<{ recorded?: AccountSnapshot; node: Result<string> }> {
  const blocked = await blocker(deps.canReach, account);
  if (blocked)
    return {
      recorded: await record(deps, account, 'signIn', run, stop, fail(blocked)),
      node: fail(blocked),
    };
  const user = await deps.api.getUser(account, stop);
  // A failed sign-in keeps the user details last seen: they are still the best we know.
  const recorded = await record(deps, account, 'signIn', run, stop, user, () =>
    user.ok ? { user: { ...user.value, at: deps.now() }, nodeStale: false } : {},
  );
  return { recorded, node: user.ok ? ok(user.value.node) : user };
}

/** The usage update: the capacity call on the cached node; a sign-in first only when the node is unknown or stale. */
async function updateUsage(
  deps: BackgroundDeps,
  account: Account,
  snapshot: AccountSnapshot,
  run: Run,
  stop: AbortSignal,
): Promise<AccountSnapshot | undefined> {
  const { api, now } = deps;
  let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
  const failed = (outcome: Result<unknown>) =>
    record(deps, account, 'usageUpdate', run, stop, outcome);
  if (node === undefined) {
    // The sign-in's own backoff holds for the sign-in a usage update needs: no second call before its retry.
    // Recorded with only the wait the server has left, so the usage update is not held past it.
    const { failure, retryAt } = checkState(snapshot, 'signIn');
    if (failure && retryAt !== undefined && now() < retryAt) {
      return failed(
        fail(
          'retryAfterMs' in failure && serverAskedToWait(failure)
            ? { ...failure, retryAfterMs: retryAt - now() }
            : failure,
        ),
      );
    }
    const looked = await signIn(deps, account, run, stop);
    if (!looked.recorded) return undefined;
    if (!looked.node.ok) return failed(looked.node);
    node = looked.node.value;
  }
  const blocked = await blocker(deps.canReach, account, node);
  if (blocked) return failed(fail(blocked));
  const capacity = await api.getCapacity(account, node, stop);
  const at = now();
  const recorded = await record(deps, account, 'usageUpdate', run, stop, capacity, (s) =>
    capacity.ok
      ? { capacity: { ...capacity.value, at } }
      : { nodeStale: s.nodeStale === true || invalidatesNode(capacity.failure) },
  );
  // The day's history point: only a reading recorded for these credentials.
  if (recorded && capacity.ok)
    await addReading(account.id, accountIdentity(account), [
      dayOf(at),
      capacity.value.used,
      capacity.value.quota,
    ]);
  return recorded;
}

/**
 * Stores a check's outcome (and `extra` fields) with its retry time, and logs it with why it
 * ran: the snapshot as recorded, or undefined when the account was removed or edited
 * meanwhile (the outcome is only about the credentials it was fetched with, so it is dropped;
 * `stop` tells it at once, the credentials check in recordSnapshot in any case).
 */
async function record(
  { now }: BackgroundDeps,
  account: Account,
  check: Check,
  run: Run,
  stop: AbortSignal,
  outcome: Result<unknown>,
  extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
): Promise<AccountSnapshot | undefined> {
  if (stop.aborted) return undefined;
  const interval = checkInterval(run.settings, check);
  const at = now();
  const recorded = await recordSnapshot(account, (stored) => {
    const s = snapshotFor(account, stored);
    const state = recordAttempt(checkState(s, check), at, outcome, (n, f) =>
      retryDelay(check, n, f, interval),
    );
    return withCheckState({ ...s, ...extra(s), identity: accountIdentity(account) }, check, state);
  });
  if (recorded) {
    const logged = check === 'signIn' ? 'sign-in' : 'usage';
    await logActivity(
      account.id,
      accountIdentity(account),
      { at, check: logged, trigger: run.why, outcome: outcome.ok ? 'ok' : outcome.failure.kind },
      at,
    );
  }
  return recorded;
}
