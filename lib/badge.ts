import { browser } from 'wxt/browser';
import { accountName, type Account } from './accounts';
import { describeFailure } from './failure-text';
import { formatDateTime, formatPercent } from './format';
import { t, uiLocale } from './i18n';
import type { Settings } from './settings';
import { currentFailure, type AccountSnapshot, type UsageLevel } from './snapshot';
import { levelRank, usageLevel, usagePercent } from './usage';

export const BADGE_COLORS: Record<UsageLevel | 'failure', string> = {
  normal: '#1a73e8',
  warning: '#e37400',
  critical: '#c5221f',
  failure: '#5f2c82',
};

export interface BadgeLook {
  text: string;
  color: string;
  title: string;
}

export interface AccountView {
  account: Account;
  snapshot: AccountSnapshot;
}

/** How urgent an account is: failures first, then by usage level and percent. */
export function urgency({ snapshot }: AccountView, settings: Settings): number {
  if (currentFailure(snapshot)) return 1000;
  const percent = snapshot.capacity && usagePercent(snapshot.capacity);
  if (percent === undefined) return -1;
  return levelRank(usageLevel(percent, settings)) * 200 + Math.min(percent, 199);
}

/** The badge for all accounts: the most urgent one's %, `!` on a failure, empty when unset. */
export function badgeFor(views: readonly AccountView[], settings: Settings): BadgeLook {
  const name = t('extName');
  if (views.length === 0) return { text: '', color: BADGE_COLORS.normal, title: `${name}\n${t('badgeNotConfigured')}` };
  const locale = uiLocale();
  const lines = views.map(({ account, snapshot }) => {
    const failure = currentFailure(snapshot);
    const percent = snapshot.capacity && usagePercent(snapshot.capacity);
    const usage = percent === undefined ? t('badgeUsageUnknown') : formatPercent(percent, locale);
    const keptAlive = snapshot.keepAlive.lastSuccessAt;
    const alive = keptAlive === undefined ? t('badgeNeverKeptAlive') : t('badgeKeptAlive', [formatDateTime(keptAlive, locale)]);
    return `${accountName(account)}: ${usage} · ${alive}${failure ? `\n⚠ ${describeFailure(failure).message}` : ''}`;
  });
  const title = [name, ...lines].join('\n');
  const top = [...views].sort((a, b) => urgency(b, settings) - urgency(a, settings))[0]!;
  if (currentFailure(top.snapshot)) return { text: '!', color: BADGE_COLORS.failure, title };
  const percent = top.snapshot.capacity && usagePercent(top.snapshot.capacity);
  if (percent === undefined) return { text: '', color: BADGE_COLORS.normal, title };
  return { text: `${Math.round(percent)}%`, color: BADGE_COLORS[usageLevel(percent, settings)], title };
}

/** Draws the badge. */
export async function renderBadge(look: BadgeLook): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text: look.text }),
    browser.action.setBadgeBackgroundColor({ color: look.color }),
    browser.action.setTitle({ title: look.title }),
  ]);
}
