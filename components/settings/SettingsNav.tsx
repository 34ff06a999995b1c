import { t } from '@/lib/i18n/translate';
import { SECTIONS, type Section } from '@/lib/pages/place';

/** The Settings page's sections as links (keyboard: Tab and Enter); the current one is marked. */
export function SettingsNav({ current }: { current: Section | 'setup' }) {
  return (
    <nav class="settings-nav" aria-label={t('settingsNavLabel')}>
      <ul>
        {SECTIONS.map(({ id, label }) => (
          <li key={id}>
            <a href={`#${id}`} aria-current={id === current ? 'page' : undefined}>
              {t(label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
