import { accountName, type Account } from '../store/accounts';
import { describeFailure, type FailureContext } from '../service/failure-words';
import type { KeySource } from '../service/client';
import { formatDateTime, pastAt, shownPercent } from '../i18n/format';
import { t, uiLocale } from '../i18n/translate';
import type { Settings, UsageLevel } from '../store/settings';
import { urgency } from './urgency';
import { standingOf, type Standing } from './standing';
import { usageWords } from './card-words';
import { transientLine } from './retry-words';
import { checkState, type AccountSnapshot } from '../store/account-state';
import { nextAttempts } from './next-attempts';
import { usageLevel, usagePercent } from './usage-level';

/**
 * "Needs you" (a red-purple "!") and "cannot reach the service" (a grey "?") look different, as
 * in the notifier extensions: one asks for the user, the other only tells.
 */
export const BADGE_COLORS: Record<UsageLevel | 'needs-you' | 'unreachable', string> = {
  normal: '#1a73e8',
  warning: '#e37400',
  critical: '#c5221f',
  'needs-you': '#a0196e',
  unreachable: '#5f6368',
};

export interface AccountView {
  account: Account;
  snapshot: AccountSnapshot;
}

/** One account as the tooltip names it. */
interface BadgeAccount {
  name: string;
  percent?: number;
  level?: UsageLevel;
  keptAliveAt?: number;
  standing: Standing;
  /** When its failed check really runs next: the tooltip names the same time as the card. */
  next?: number;
  /** Whose key it sends: a refused application key is told as the card tells it. */
  keySource?: KeySource;
}

/** What the badge says, before it is put in words. */
export interface BadgeState {
  text: string;
  tone: keyof typeof BADGE_COLORS;
  /** One line per account for the title, or none when no account is set up. */
  accounts: BadgeAccount[];
  /** When it was decided: the tooltip's "failed 3 minutes ago" counts from here. */
  at: number;
}

/**
 * The badge for all accounts, from the most urgent (see `urgency`): its usage as a percentage,
 * "!" when it needs the user, "?" when the service has been out of reach past the notices'
 * grace; empty when nothing is set up or known. A transient failure leaves the percentage. Pure.
 */
export function badgeFor(
  views: readonly AccountView[],
  settings: Settings,
  now: number,
): BadgeState {
  const accounts = views.map(({ account, snapshot }): BadgeAccount => {
    const percent = snapshot.capacity && usagePercent(snapshot.capacity);
    const keptAliveAt = checkState(snapshot, 'signIn').lastSuccessAt;
    const standing = standingOf(snapshot, now);
    const next = nextAttempts(snapshot, standing, settings, now).retry;
    return {
      name: accountName(account),
      ...(percent !== undefined && { percent, level: usageLevel(percent, settings) }),
      ...(keptAliveAt !== undefined && { keptAliveAt }),
      standing,
      ...(next !== undefined && { next }),
      ...(account.keySource && { keySource: account.keySource }),
    };
  });
  const ranked = views.map((view, i) => ({
    score: urgency(view.snapshot, settings, now),
    account: accounts[i]!,
  }));
  const top = ranked.sort((a, b) => b.score - a.score)[0]?.account;
  const empty = { text: '', tone: 'normal', accounts, at: now } as const;
  if (!top) return empty;
  if (top.level !== 'critical' && top.standing.kind === 'needs-you')
    return { ...empty, text: '!', tone: 'needs-you' };
  if (top.level === undefined || (top.level === 'normal' && top.standing.kind === 'outage')) {
    return top.standing.kind === 'outage' ? { ...empty, text: '?', tone: 'unreachable' } : empty;
  }
  return { ...empty, text: `${shownPercent(top.percent!)}%`, tone: top.level };
}

/** The badge's tooltip: the extension's name, then each account with the card's words. */
export function badgeTitle(state: BadgeState, locale = uiLocale()): string {
  if (state.accounts.length === 0) return `${t('extName')}\n${t('badgeNotConfigured')}`;
  const lines = state.accounts.map(
    ({ name, percent, level, keptAliveAt, standing, next, keySource }) => {
      const usage =
        percent === undefined
          ? t('badgeUsageUnknown')
          : usageWords(percent, level ?? 'normal', locale);
      const alive =
        keptAliveAt === undefined
          ? t('noSignInYet')
          : t('lastSignIn', [formatDateTime(pastAt(keptAliveAt, state.at), locale)]);
      return `${name}: ${usage} · ${alive}${standingWords(standing, next, { keySource }, state.at, locale)}`;
    },
  );
  return [t('extName'), ...lines].join('\n');
}

/** The account's problem on its own line, marked by what it asks of the user. */
function standingWords(
  standing: Standing,
  next: number | undefined,
  account: FailureContext,
  now: number,
  locale: string,
): string {
  switch (standing.kind) {
    case 'fine':
      return '';
    case 'transient':
      return `\n${transientLine(standing, next, now, locale)}`;
    case 'needs-you':
      return `\n! ${t('badgeNeedsYou')}: ${describeFailure(standing.failure, account).message}`;
    case 'outage':
      return `\n? ${t('badgeUnreachable')}: ${describeFailure(standing.failure, account).message}`;
  }
}
