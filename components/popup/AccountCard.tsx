import { isObject } from '@/lib/basics/guards';
import { accountName, type Account } from '@/lib/store/accounts';
import { bonusShortfall, bonusStatus } from '@/lib/outlook/bonus';
import { formatAgo, formatBytes, formatDate, formatGb } from '@/lib/i18n/format';
import type { HistoryPoint } from '@/lib/store/history';
import { t } from '@/lib/i18n/translate';
import type { ServiceTime } from '@/lib/service/timestamps';
import type { Settings } from '@/lib/store/settings';
import { nextAttempts } from '@/lib/outlook/next-attempts';
import { checkState, type AccountSnapshot } from '@/lib/store/account-state';
import { usageLevel, usagePercent } from '@/lib/outlook/usage-level';
import { figuresOutOfDate, standingOf } from '@/lib/outlook/standing';
import { nextSignInWords } from '@/lib/outlook/card-words';
import { useState } from 'preact/hooks';
import { CopyButton } from './CopyButton';
import { loadedExtras } from './on-demand';
import { UsageBar } from './UsageBar';
import { UsageTrend } from './UsageTrend';

interface Props {
  account: Account;
  snapshot: AccountSnapshot;
  /** Its usage history, oldest first. */
  history: readonly HistoryPoint[];
  settings: Settings;
  now: number;
  locale: string;
  /** Several accounts: usage and problems only. */
  compact?: boolean;
}

// Stored data may come from an older version or be damaged: every nested value is checked
// before it is shown, and one that is missing or odd is shown as unknown.
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const object = <T,>(value: T | undefined) => (isObject(value) ? value : undefined);

/** One account: usage, its problem if any, and (full size) every detail with copy buttons. */
export function AccountCard({
  account,
  snapshot,
  history,
  settings,
  now,
  locale,
  compact = false,
}: Props) {
  // One decider for the card, the badge and the popup's order: a failure that passes by itself
  // is one quiet line until it has lasted as long as the notices wait.
  const standing = standingOf(snapshot, now);
  const failure = standing.kind === 'fine' ? undefined : standing.failure;
  const { capacity, user } = snapshot;
  const figures =
    capacity && number(capacity.quota) !== undefined && number(capacity.used) !== undefined
      ? capacity
      : undefined;
  const percent = figures && usagePercent(figures);
  const shown = (value: unknown, format: (n: number) => string) => {
    const n = number(value);
    return n === undefined ? t('unknown') : format(n);
  };
  const ago = (at: unknown) => shown(at, (ms) => formatAgo(ms, now, locale));
  const gb = (value: unknown) => shown(value, (n) => formatGb(n, locale));
  const time = (value: ServiceTime | undefined) =>
    number(value?.epochMs) === undefined
      ? (text(value?.raw) ?? t('unknown'))
      : formatDate(value!.epochMs!, locale);
  const apiKey = object(user?.apiKey);
  const bonus = object(apiKey?.bonus);
  const status = bonus && bonusStatus(bonus, now);
  const shortfall = figures && bonusShortfall(bonus, figures, now);
  const { lastSuccessAt } = checkState(snapshot, 'signIn');
  const outOfDate =
    figures !== undefined && failure !== undefined && figuresOutOfDate(figures.at, settings, now);
  // The times the Settings page's list and the badge's tooltip name too: one decider for all three.
  const next = nextAttempts(snapshot, standing, settings, now);
  const [keyName, keyVendor] = [text(apiKey?.name), text(apiKey?.vendor)];
  const application = keyName && keyVendor ? t('applicationBy', [keyName, keyVendor]) : keyName;
  // Among several accounts a card is compact; its details open on request.
  const [expanded, setExpanded] = useState(false);
  // Its failure's lines come with the popup's extras, loaded before a state with a failure is shown.
  const extras = loadedExtras();
  const detailsId = `details-${account.id}`;

  return (
    <article class={`card${compact ? ' card--compact' : ''}`} aria-label={accountName(account)}>
      <h2 class="card__title">{accountName(account)}</h2>
      {figures ? (
        <UsageBar
          used={figures.used}
          quota={figures.quota}
          percent={percent}
          level={percent === undefined ? 'normal' : usageLevel(percent, settings)}
          locale={locale}
          stale={outOfDate}
        />
      ) : (
        <p class="card__empty">{failure ? t('noFiguresYet') : t('checkingFirstTime')}</p>
      )}
      <UsageTrend
        points={history}
        now={now}
        locale={locale}
        bonus={bonus}
        overAfterBonus={!!shortfall}
      />
      {shortfall && (
        <p class="card__warning">
          {t('bonusEnding', [
            formatGb(shortfall.increaseGb, locale),
            formatDate(shortfall.until, locale),
            formatBytes(shortfall.overBytes, locale),
          ])}
        </p>
      )}
      {standing.kind !== 'fine' && extras && (
        <extras.CardFailure
          account={account}
          snapshot={snapshot}
          standing={standing}
          next={next.retry}
          now={now}
          locale={locale}
        />
      )}
      {outOfDate && <p class="card__stale">{t('staleFigures', [ago(figures.at)])}</p>}
      {compact && user && (
        <button
          type="button"
          class="card__expand"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded(!expanded)}
        >
          {t('showDetails')}
        </button>
      )}
      {(!compact || expanded) && user && (
        <dl class="details" id={detailsId}>
          <dt>{t('contractCapacity')}</dt>
          <dd>{gb(user.capacityGb)}</dd>
          {bonus && status !== 'expired' && (
            <>
              <dt>{t('apiKeyBonus')}</dt>
              <dd>
                {status === 'active'
                  ? t('bonusActive', [gb(bonus.increaseGb), time(bonus.until)])
                  : t('bonusUpcoming', [gb(bonus.increaseGb), time(bonus.since)])}
              </dd>
            </>
          )}
          <Copyable label={t('userId')} value={text(user.user)} />
          <Copyable label={t('nodeServer')} value={text(user.node)} />
          <Copyable label={t('webdavUrl')} value={text(user.webdavUrl)} />
          <Copyable label={t('introducerCode')} value={text(user.introduceCode)} />
          <dt>{t('application')}</dt>
          <dd>{application ?? t('unknown')}</dd>
        </dl>
      )}
      <p class="card__times">
        {figures && <span>{t('checkedAgo', [ago(figures.at)])}</span>}
        {lastSuccessAt !== undefined && <span>{t('lastSignIn', [ago(lastSuccessAt)])}</span>}
        {next.signIn !== undefined && <span>{nextSignInWords(next.signIn, now, locale)}</span>}
      </p>
    </article>
  );
}

/** A detail with a copy button; an unknown value gets neither. */
function Copyable({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd class="copyable">
        <span class="copyable__value">{value ?? t('unknown')}</span>
        {value !== undefined && <CopyButton value={value} label={label} />}
      </dd>
    </>
  );
}
