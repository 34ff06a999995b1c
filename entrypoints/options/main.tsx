import { render } from 'preact';
import { t, uiLocale } from '@/lib/i18n/translate';
import { App } from './App';
import '@/components/theme.css';
import './style.css';

document.documentElement.lang = uiLocale();
document.title = t('settingsPageTitle');
render(<App />, document.getElementById('app')!);
