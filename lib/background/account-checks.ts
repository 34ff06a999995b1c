import { accountIdentity } from '../store/accounts';
import { fail, invalidatesNode, ok, type Result } from '../service/failures';
import { retryDelay, serverAskedToWait } from '../schedule/backoff';
import { checkInterval, CHECKS } from '../schedule/checks';
import type { CheckChoice } from '../schedule/check-choices';
import {
  checkState,
  recordAttempt,
  snapshotFor,
  withCheckState,
  type AccountSnapshot,
  type Check,
} from '../store/account-state';
import { recordCheck } from '../store/writes';
import { dayOf } from '../basics/time';
import type { HistoryPoint } from '../store/history';
import { blocker } from './blocker';
import type { AccountRun } from './run';

// One account's checks: the sign-in (getUser), the usage update (the capacity call), and the
// recording of each outcome with its retry time and its line in the activity log. They share one
// AccountRun (run.ts): the account, its run (what it read, why it runs), what the background
// works with, and `stop`, aborted the moment the account is edited (checks-in-flight.ts).

/**
 * Makes the checks `choose` selects of one account, the sign-in before the usage update (which goes
 * on from the node it just recorded), each outcome recorded into the run's snapshots.
 */
export async function checkAccount(context: AccountRun, choose: CheckChoice): Promise<void> {
  const { account, run, at } = context;
  for (const check of CHECKS) {
    const snapshot = run.snapshots.get(account.id)!;
    if (!choose(checkState(snapshot, check), check, run.settings, at)) continue;
    const recorded =
      check === 'signIn' ? (await signIn(context)).recorded : await updateUsage(context, snapshot);
    // An account edited or removed meanwhile is left to the run its change starts.
    if (!recorded) return;
    run.snapshots.set(account.id, recorded);
  }
}

/** The sign-in: getUser, which keeps the account alive and names its node host. */
async function signIn(
  context: AccountRun,
): Promise<{ recorded?: AccountSnapshot; node: Result<string> }> {
  const { account, api, canReach, now, stop } = context;
  const blocked = await blocker(canReach, account);
  if (blocked)
    return { recorded: await record(context, 'signIn', fail(blocked)), node: fail(blocked) };
  const user = await api.getUser(account, stop);
  // A failed sign-in keeps the user details last seen: they are still the best we know.
  const recorded = await record(context, 'signIn', user, () =>
    user.ok ? { user: { ...user.value, at: now() }, nodeStale: false } : {},
  );
  return { recorded, node: user.ok ? ok(user.value.node) : user };
}

/** The usage update: the capacity call on the cached node; a sign-in first only when the node is unknown or stale. */
async function updateUsage(
  context: AccountRun,
  snapshot: AccountSnapshot,
): Promise<AccountSnapshot | undefined> {
  const { account, api, canReach, now, stop } = context;
  let node = snapshot.nodeStale ? undefined : snapshot.user?.node;
  const failed = (outcome: Result<unknown>) => record(context, 'usageUpdate', outcome);
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
    const looked = await signIn(context);
    if (!looked.recorded) return undefined;
    if (!looked.node.ok) return failed(looked.node);
    node = looked.node.value;
  }
  const blocked = await blocker(canReach, account, node);
  if (blocked) return failed(fail(blocked));
  const capacity = await api.getCapacity(account, node, stop);
  const at = now();
  return record(
    context,
    'usageUpdate',
    capacity,
    (s) =>
      capacity.ok
        ? { capacity: { ...capacity.value, at } }
        : { nodeStale: s.nodeStale === true || invalidatesNode(capacity.failure) },
    // The day's history point, recorded with the snapshot: only for these credentials.
    capacity.ok ? [dayOf(at), capacity.value.used, capacity.value.quota] : undefined,
  );
}

/**
 * Stores a check's outcome (and `extra` fields) with its retry time, its line in the activity log
 * with why it ran, and a usage update's reading, in one write: the snapshot as recorded, or
 * undefined when the account was removed or edited meanwhile (the outcome is only about the
 * credentials it was fetched with, so it is dropped; `stop` tells it at once, the credentials
 * check in recordCheck in any case).
 */
async function record(
  { account, run, now, stop }: AccountRun,
  check: Check,
  outcome: Result<unknown>,
  extra: (s: AccountSnapshot) => Partial<AccountSnapshot> = () => ({}),
  reading?: HistoryPoint,
): Promise<AccountSnapshot | undefined> {
  if (stop.aborted) return undefined;
  const interval = checkInterval(run.settings, check);
  const at = now();
  const recorded = await recordCheck(account, {
    snapshot: (stored) => {
      const s = snapshotFor(account, stored);
      const state = recordAttempt(checkState(s, check), at, outcome, (n, f) =>
        retryDelay(check, n, f, interval),
      );
      return withCheckState(
        { ...s, ...extra(s), identity: accountIdentity(account) },
        check,
        state,
      );
    },
    entry: {
      at,
      check: check === 'signIn' ? 'sign-in' : 'usage',
      trigger: run.why,
      outcome: outcome.ok ? 'ok' : outcome.failure.kind,
    },
    reading,
  });
  return recorded?.snapshot;
}
