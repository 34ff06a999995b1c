import { render } from 'preact';
import { t, uiLocale } from '@/lib/i18n';
import { App } from './App';
import '@/components/theme.css';
import './style.css';

document.documentElement.lang = uiLocale();
document.title = t('extName');
render(<App />, document.getElementById('app')!);
