import { accountName, type Account } from '@/lib/accounts';
import { bonusStatus } from '@/lib/bonus';
import { formatDate, formatGb, formatRelative } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { ServiceTime } from '@/lib/service-time';
import type { Settings } from '@/lib/settings';
import { currentFailure, type AccountSnapshot } from '@/lib/snapshot';
import { usageLevel, usagePercent } from '@/lib/usage';
import { CopyButton } from './CopyButton';
import { FailureNotice } from './FailureNotice';
import { UsageBar } from './UsageBar';

interface Props {
  account: Account;
  snapshot: AccountSnapshot;
  settings: Settings;
  now: number;
  locale: string;
  /** Several accounts: usage and problems only. */
  compact?: boolean;
}

/** One account: usage, its problem if any, and (full size) every detail with copy buttons. */
export function AccountCard({ account, snapshot, settings, now, locale, compact = false }: Props) {
  const failure = currentFailure(snapshot);
  const { capacity, user } = snapshot;
  const percent = capacity && usagePercent(capacity);
  const unknown = t('unknownValue');
  const time = (at?: ServiceTime) => (!at ? unknown : at.epochMs === null ? at.raw : formatDate(at.epochMs, locale));
  const gb = (value?: number) => (value === undefined ? unknown : formatGb(value, locale));
  const bonus = user?.apiKey.bonus;
  const status = bonus && bonusStatus(bonus, now);

  return (
    <article class={`card${compact ? ' card--compact' : ''}`} aria-label={accountName(account)}>
      <h2 class="card__title">{accountName(account)}</h2>
      {capacity && percent !== undefined ? (
        <UsageBar
          used={capacity.used}
          quota={capacity.quota}
          percent={percent}
          level={usageLevel(percent, settings)}
          locale={locale}
          stale={failure !== undefined}
        />
      ) : (
        <p class="card__empty">{failure ? t('noFiguresYet') : t('checkingFirstTime')}</p>
      )}
      {failure && <FailureNotice failure={failure} />}
      {failure && capacity && (
        <p class="card__stale">{t('staleFigures', [formatRelative(capacity.at, now, locale)])}</p>
      )}
      {!compact && user && (
        <dl class="details">
          <dt>{t('contractCapacity')}</dt>
          <dd>{gb(user.capacityGb)}</dd>
          {bonus && status === 'active' && (
            <>
              <dt>{t('apiKeyBonus')}</dt>
              <dd>{t('bonusActive', [gb(bonus.increaseGb), time(bonus.until)])}</dd>
            </>
          )}
          {bonus && (status === 'upcoming' || status === 'unknown') && (
            <>
              <dt>{t('apiKeyBonus')}</dt>
              <dd>{t('bonusUpcoming', [gb(bonus.increaseGb), time(bonus.since)])}</dd>
            </>
          )}
          <Copyable label={t('userId')} value={user.user} />
          <Copyable label={t('nodeServer')} value={user.node} />
          <Copyable label={t('webdavUrl')} value={user.webdavUrl} />
          <Copyable label={t('introducerCode')} value={user.introduceCode} />
          <dt>{t('application')}</dt>
          <dd>{t('applicationBy', [user.apiKey.name ?? unknown, user.apiKey.vendor ?? unknown])}</dd>
        </dl>
      )}
      <p class="card__times">
        {capacity && <span>{t('checkedAgo', [formatRelative(capacity.at, now, locale)])}</span>}
        {snapshot.keepAlive.lastSuccessAt !== undefined && (
          <span>{t('keptAliveAgo', [formatRelative(snapshot.keepAlive.lastSuccessAt, now, locale)])}</span>
        )}
      </p>
    </article>
  );
}

/** A detail with a copy button; "unknown", with nothing to copy, when the service sent none. */
function Copyable({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      {value === undefined ? (
        <dd>{t('unknownValue')}</dd>
      ) : (
        <dd class="copyable">
          <span class="copyable__value">{value}</span>
          <CopyButton value={value} label={label} />
        </dd>
      )}
    </>
  );
}
