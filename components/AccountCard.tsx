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
  const time = (t: ServiceTime) => (t.epochMs === null ? t.raw : formatDate(t.epochMs, locale));
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
          <dd>{formatGb(user.capacityGb, locale)}</dd>
          {bonus && status === 'active' && (
            <>
              <dt>{t('apiKeyBonus')}</dt>
              <dd>{t('bonusActive', [formatGb(bonus.increaseGb, locale), time(bonus.until)])}</dd>
            </>
          )}
          {bonus && (status === 'upcoming' || status === 'unknown') && (
            <>
              <dt>{t('apiKeyBonus')}</dt>
              <dd>{t('bonusUpcoming', [formatGb(bonus.increaseGb, locale), time(bonus.since)])}</dd>
            </>
          )}
          <Copyable label={t('userId')} value={user.user} />
          <Copyable label={t('nodeServer')} value={user.node} />
          <Copyable label={t('webdavUrl')} value={user.webdavUrl} />
          <Copyable label={t('introducerCode')} value={user.introduceCode} />
          <dt>{t('application')}</dt>
          <dd>{t('applicationBy', [user.apiKey.name, user.apiKey.vendor])}</dd>
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

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd class="copyable">
        <span class="copyable__value">{value}</span>
        <CopyButton value={value} label={label} />
      </dd>
    </>
  );
}
