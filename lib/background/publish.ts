import { accountIdentity } from '../store/accounts';
import { snapshotFor } from '../store/account-state';
import { pointsFor } from '../store/history';
import { loadRecentHistory } from '../store/history-sources';
import { recordCheck } from '../store/writes';
import { badgeFor } from '../outlook/badge';
import { decideNotices } from '../outlook/notices';
import { nextRetryAt } from '../schedule/when-due';
import { scheduleRetry } from '../schedule/alarms';
import { renderBadge, showNotice } from './display';
import type { BackgroundDeps, Run } from './run';

/**
 * A run's end: tells the user what changed (each notice shown, then recorded), redraws the
 * badge, and arms the retry alarm for the earliest backed-off retry. What to say is decided in
 * lib/outlook/ (notices.ts, badge.ts); display.ts puts it on screen.
 */
export async function publish(
  { now }: BackgroundDeps,
  { accounts, settings, snapshots }: Run,
): Promise<void> {
  const history = await loadRecentHistory();
  const at = now();
  for (const account of accounts) {
    const snapshot = snapshots.get(account.id)!;
    const points = pointsFor(history[account.id], accountIdentity(account));
    const { alerts, notices } = decideNotices(account, snapshot, points, settings, at);
    // Shown before recorded: a worker stopped in between shows it again under the same id, never loses it.
    for (const notice of notices) await showNotice(account, notice, at);
    if (JSON.stringify(alerts) !== JSON.stringify(snapshot.alerts)) {
      const recorded = await recordCheck(account, {
        snapshot: (stored) => ({ ...snapshotFor(account, stored), alerts }),
      });
      if (recorded?.snapshot) snapshots.set(account.id, recorded.snapshot);
    }
  }
  const views = accounts.map((account) => ({ account, snapshot: snapshots.get(account.id)! }));
  await renderBadge(badgeFor(views, settings, at));
  await scheduleRetry(
    nextRetryAt(
      views.map((v) => v.snapshot),
      at,
    ),
  );
}
