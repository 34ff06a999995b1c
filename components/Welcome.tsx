import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

/** First run: what the extension does, and the way to set it up. */
export function Welcome() {
  return (
    <section class="welcome">
      <h2>{t('welcomeTitle')}</h2>
      <p>{t('welcomeText')}</p>
      <button type="button" class="primary" onClick={() => void browser.runtime.openOptionsPage()}>
        {t('welcomeSetUp')}
      </button>
    </section>
  );
}
