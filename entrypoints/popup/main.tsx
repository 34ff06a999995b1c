import { render } from 'preact';
import { t, uiLocale } from '@/lib/i18n/translate';
import { App, readPopupState } from './App';
import '@/components/theme.css';
import './style.css';

// Storage is read as soon as the script runs, while the page renders, not after the first render.
const first = readPopupState();
document.documentElement.lang = uiLocale();
document.title = t('extName');
render(<App first={first} />, document.getElementById('app')!);
