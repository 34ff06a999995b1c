import { t } from '@/lib/i18n/translate';
import { SERVICE_SITE } from '@/lib/service/service-site';

/** A link to the service's own site, in a new tab. */
function ServiceLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The first run's walk-through: what the service requires, in the order it is done, each with
 * where on the service's site to get it and what it is for. The account form follows it.
 */
export function SetupGuide({ hasAppKey }: { hasAppKey: boolean }) {
  return (
    <section class="setup" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{t('setupTitle')}</h2>
      <p class="intro">{t(hasAppKey ? 'setupIntroAppKey' : 'setupIntro')}</p>
      <ol class="setup__steps">
        <li>
          <h3>{t('setupConnectionTitle')}</h3>
          <p>{t('setupConnectionText')}</p>
          <ServiceLink href={SERVICE_SITE.home}>{t('setupMyPageLink')}</ServiceLink>
        </li>
        <li>
          <h3>{t('setupPasswordTitle')}</h3>
          <p>{t('setupPasswordText')}</p>
          <ServiceLink href={SERVICE_SITE.home}>{t('setupMyPageLink')}</ServiceLink>
        </li>
        <li>
          <h3>{t('setupKeyTitle')}</h3>
          {hasAppKey ? (
            <p>{t('setupKeyAppText')}</p>
          ) : (
            <>
              <p>{t('setupKeyOwnText')}</p>
              <ServiceLink href={SERVICE_SITE.developers}>{t('setupDevelopersLink')}</ServiceLink>
            </>
          )}
        </li>
        <li>
          <h3>{t('setupFinishTitle')}</h3>
          <p>{t(hasAppKey ? 'setupFinishText' : 'setupFinishTextOwnKey')}</p>
        </li>
      </ol>
    </section>
  );
}
