import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The floor of the size benchmark: a bare Preact page and background on the same stack
// (webextension-polyfill, @wxt-dev/storage), built the same way as the extension.
export default defineConfig({
  manifestVersion: 3,
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()], build: { modulePreload: { polyfill: false } } }),
  manifest: { name: 'floor', permissions: ['storage', 'alarms'] },
});
