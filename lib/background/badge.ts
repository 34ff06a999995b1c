import { browser } from 'wxt/browser';
import { accountName, type Account } from '../store/accounts';
import { describeFailure } from '../service/failure-words';
import type { Failure } from '../service/failures';
import { formatDateTime, formatPercent } from '../format';
import { t, uiLocale } from '../i18n';
import type { Settings } from '../store/settings';
import { urgency } from '../outlook/urgency';
import { currentFailure, type AccountSnapshot } from '../store/account-state';
import { usageLevel, usagePercent, type UsageLevel } from '../outlook/usage-level';

export const BADGE_COLORS: Record<UsageLevel | 'failure', string> = {
  normal: '#1a73e8',
  warning: '#e37400',
  critical: '#c5221f',
  failure: '#5f2c82',
};

export interface AccountView {
  account: Account;
  snapshot: AccountSnapshot;
}

/** What the badge says, before it is put in words. */
export interface BadgeState {
  text: string;
  tone: keyof typeof BADGE_COLORS;
  /** One line per account for the title, or none when no account is set up. */
  accounts: { name: string; percent?: number; keptAliveAt?: number; failure?: Failure }[];
}

/** The badge for all accounts: the most urgent one's %, `!` on a failure, empty when unset. Pure. */
export function badgeFor(views: readonly AccountView[], settings: Settings): BadgeState {
  const accounts = views.map(({ account, snapshot }) => {
    const percent = snapshot.capacity && usagePercent(snapshot.capacity);
    const failure = currentFailure(snapshot);
    const keptAliveAt = snapshot.keepAlive.lastSuccessAt;
    return {
      name: accountName(account),
      ...(percent !== undefined && { percent }),
      ...(keptAliveAt !== undefined && { keptAliveAt }),
      ...(failure && { failure }),
    };
  });
  const top = [...views].sort((a, b) => urgency(b.snapshot, settings) - urgency(a.snapshot, settings))[0];
  if (!top) return { text: '', tone: 'normal', accounts };
  if (currentFailure(top.snapshot)) return { text: '!', tone: 'failure', accounts };
  const percent = top.snapshot.capacity && usagePercent(top.snapshot.capacity);
  if (percent === undefined) return { text: '', tone: 'normal', accounts };
  return { text: `${Math.round(percent)}%`, tone: usageLevel(percent, settings), accounts };
}

/** The badge's tooltip: the extension's name, then each account's usage, keep-alive and problem. */
export function badgeTitle(state: BadgeState, locale = uiLocale()): string {
  if (state.accounts.length === 0) return `${t('extName')}\n${t('badgeNotConfigured')}`;
  const lines = state.accounts.map(({ name, percent, keptAliveAt, failure }) => {
    const usage = percent === undefined ? t('badgeUsageUnknown') : formatPercent(percent, locale);
    const alive = keptAliveAt === undefined ? t('badgeNeverKeptAlive') : t('badgeKeptAlive', [formatDateTime(keptAliveAt, locale)]);
    return `${name}: ${usage} · ${alive}${failure ? `\n⚠ ${describeFailure(failure).message}` : ''}`;
  });
  return [t('extName'), ...lines].join('\n');
}

/** Draws the badge. */
export async function renderBadge(state: BadgeState): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text: state.text }),
    browser.action.setBadgeBackgroundColor({ color: BADGE_COLORS[state.tone] }),
    browser.action.setTitle({ title: badgeTitle(state) }),
  ]);
}
