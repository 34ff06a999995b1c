import { render } from 'preact';
import { uiLocale } from '@/lib/i18n';
import { App } from './App';
import '@/components/theme.css';
import './style.css';

document.documentElement.lang = uiLocale();
render(<App />, document.getElementById('app')!);
