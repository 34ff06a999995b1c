import { formatBytes, shownPercent } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/translate';
import type { UsageLevel } from '@/lib/store/settings';
import { usageWords } from '@/lib/outlook/card-words';

interface Props {
  used: number;
  quota: number;
  /** Undefined when there is no percentage to show (a quota of zero): the figures alone. */
  percent: number | undefined;
  level: UsageLevel;
  locale: string;
  stale?: boolean;
}

/** Used / quota as a bar coloured by threshold, with the figures in words. */
export function UsageBar({ used, quota, percent, level, locale, stale = false }: Props) {
  const label = t('usageOf', [formatBytes(used, locale), formatBytes(quota, locale)]);
  return (
    <div class={`usage usage--${level}${stale ? ' usage--stale' : ''}`}>
      <div class="usage__figures">
        <span>{label}</span>
        {percent !== undefined && (
          <strong class="usage__percent">{usageWords(percent, level, locale)}</strong>
        )}
      </div>
      {percent !== undefined && (
        <div
          class="usage__track"
          role="meter"
          aria-label={t('usageLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shownPercent(percent)}
          aria-valuetext={`${usageWords(percent, level, locale)}, ${label}`}
        >
          <div class="usage__fill" style={{ width: `${Math.min(100, percent)}%` }} />
        </div>
      )}
    </div>
  );
}
