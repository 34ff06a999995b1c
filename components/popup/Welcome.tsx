import { t } from '@/lib/i18n/translate';
import { openSettingsAt } from '../common/open-settings';

/** First run: what the extension does, and the way to the setup walk-through. */
export function Welcome() {
  return (
    <section class="welcome">
      <h2>{t('welcomeTitle')}</h2>
      <p>{t('welcomeText')}</p>
      <button type="button" class="primary" onClick={() => openSettingsAt('setup')}>
        {t('welcomeSetUp')}
      </button>
    </section>
  );
}
