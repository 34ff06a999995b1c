import preact from '@preact/preset-vite';
import { defineConfig, type EntrypointGroup } from 'wxt';
import { manifestHosts } from './lib/extension/host-permissions';
import { plainDynamicImports } from './build/plain-dynamic-imports';

// `--mode simulator` (the demo) and `--mode e2e` (the real-browser tests) are test builds that may
// reach the simulator on loopback; store zips are always production.
export default defineConfig({
  manifestVersion: 3,
  // One promise-based `browser` everywhere, also in Chromium-based browsers without a native one;
  // typed message keys and the browser's _locales/*/messages.json, both generated from lib/i18n/locales
  // (the i18n module's default, <root>/locales, would add a top-level folder).
  // The icon at every size the manifests need, from one vector source (assets/icon.svg).
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module', '@wxt-dev/auto-icons'],
  i18n: { localesDir: 'lib/i18n/locales' },
  autoIcons: { baseIconPath: 'assets/icon.svg' },
  // Extension pages run in browsers that all preload modules: Vite's modulepreload polyfill is dead
  // weight, and so is its preload helper around an import() with nothing to preload.
  vite: () => ({
    plugins: [preact(), plainDynamicImports()],
    build: { modulePreload: { polyfill: false } },
  }),
  hooks: {
    // Each page is bundled on its own, so it loads only the code it uses. Built together, the
    // popup shared one chunk with the Settings page, which held every export either page used
    // (the Settings page's formatters, activity log reader and so on) and cost the popup 2 KB gzip.
    'entrypoints:grouped': (_wxt, groups) => {
      const alone = groups.flatMap((group): EntrypointGroup[] =>
        Array.isArray(group) ? group.map((entry) => [entry]) : [group],
      );
      groups.splice(0, groups.length, ...alone);
    },
    // A page's code that it loads when it opens is one file, the parts it loads with import() apart.
    // Left alone, Rolldown gives what the page shares with those parts chunks of their own, each
    // loaded at open beside the page's (the Settings page: four more files, 2 KB more gzip).
    // Not the background: one IIFE file, without code splitting.
    'vite:build:extendConfig': (entrypoints, config) => {
      const output = config.build?.rollupOptions?.output;
      if (entrypoints.some(({ type }) => type === 'background') || !output || Array.isArray(output))
        return;
      output.codeSplitting = { groups: [{ name: 'page', tags: ['$initial'] }] };
    },
  },
  // Dotfiles (.env* with the application key among them), node_modules, .output and test files are left out by WXT itself.
  // The last release's test builds (test/fixtures/releases/) are built code of another version, not sources.
  zip: {
    excludeSources: [
      'artifacts/**',
      'testbed/bench/floor/.output/**',
      '**/*.log',
      'test/fixtures/releases/**',
    ],
  },
  manifest: ({ mode, browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'alarms', 'notifications'],
    // The toolbar button's own icon (auto-icons fills only `icons`): the 16 and 32 px renderings.
    action: { default_icon: { 16: 'icons/16.png', 32: 'icons/32.png' } },
    ...manifestHosts(mode === 'simulator' || mode === 'e2e'),
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        // 140 is the first desktop Firefox with data_collection_permissions (the newest key we
        // use); Firefox for Android has it from 142.
        gecko: {
          id: 'storage-keeper@storage-keeper.dev',
          strict_min_version: '140.0',
          // The user ID and apps password go to the service the user chose (never to us): Mozilla's
          // "authenticationInfo", required because signing in is the add-on's one purpose (docs/release.md).
          data_collection_permissions: { required: ['authenticationInfo'] },
        },
        gecko_android: { strict_min_version: '142.0' },
      },
    }),
  }),
});
