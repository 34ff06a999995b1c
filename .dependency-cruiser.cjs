// The import rules of docs/architecture.md ("The layers"), checked by dependency-cruiser on every
// `npm run lint`. Each rule's name and comment say what it keeps; `npx depcruise --help` for more.
//
//   entrypoints/  the popup, the Settings page (options) and the background: wiring only
//   components/   the pages' Preact components and hooks: popup/ and settings/ over common/, hooks/
//   lib/          the layers below, top-down (pages/ on top, the pages' plain logic); each imports
//                 only the layers under it
//
// Type-only imports count as imports here: they tie files together for a reader all the same.

/** lib/'s layers from the top down (docs/architecture.md). */
const LAYERS = [
  'pages', // what the pages do that needs no Preact: commands and changes sent, places, downloads
  'input', // what people type or import: form schemas, the export file
  'background', // what acts: the runner, a run, one account's checks, publish, display
  'extension', // permissions, host lists, the commands' protocol, the Settings page's address
  'outlook', // readings of what is stored and their words: standing, notices, badge, forecast
  'schedule', // the checks, when each is due, backoff, the alarms
  'store', // stored data: items, writes, accounts, settings, history, activity
  'service', // the service client, its answers and failures
  'i18n', // translate, format, the catalogues
  'basics', // time, bytes, guards
];

/**
 * The product: what the extension is built from (build/ holds the build's own Vite plugin, which
 * wxt.config.ts imports). Any other folder (testbed/, scripts/, test/, .ci/, one added later) is
 * tooling or tests.
 */
const PRODUCT = '^(lib|components|entrypoints|build)/';
const PRODUCT_MAY_USE = '^(lib|components|entrypoints|build|public|assets|node_modules)/';

/** One rule per layer: it may not import any layer above it. */
const layerRules = LAYERS.slice(1).map((layer, below) => ({
  name: `lib-layers-${layer}`,
  comment: `lib/${layer}/ imports only the layers under it, none of ${LAYERS.slice(0, below + 1).join(', ')}.`,
  severity: 'error',
  from: { path: `^lib/${layer}/` },
  to: { path: `^lib/(${LAYERS.slice(0, below + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module reaches itself through its imports (type-only ones included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'A module that neither imports nor is imported by any of ours (packages are not read) is dead code, or a lost test.',
      severity: 'error',
      from: {
        orphan: true,
        // Declarations and configuration files are read by the tools, and a WXT extension's
        // entrypoints (ours, and the bench's floor build) are found by WXT: none is imported.
        pathNot: [
          '\\.d\\.ts$',
          '(^|/)[^/]+\\.config\\.(js|cjs|mjs|ts)$',
          '^\\.dependency-cruiser\\.cjs$',
          '(^|/)entrypoints/',
          // Named in vitest.config.ts's setupFiles.
          '^test/unit/helpers/wait-for-state\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...layerRules,
    {
      name: 'lib-no-loose-modules',
      comment: 'Each module of lib/ lies in the layer that owns it, none beside them.',
      severity: 'error',
      from: {},
      to: { path: '^lib/[^/]+$' },
    },
    {
      name: 'lib-no-loose-modules-importing',
      comment: 'Each module of lib/ lies in the layer that owns it, none beside them.',
      severity: 'error',
      from: { path: '^lib/[^/]+$' },
      to: {},
    },
    {
      name: 'background-not-page-protocol',
      comment:
        "The background's domain code does not know the pages' messaging protocol: entrypoints/background.ts wires it.",
      severity: 'error',
      from: { path: '^lib/background/' },
      to: { path: '^lib/extension/messages\\.ts$' },
    },
    {
      name: 'lib-not-components',
      comment: 'lib/ is under the pages: it imports no component and no entrypoint.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(components|entrypoints)/' },
    },
    {
      name: 'components-not-entrypoints',
      comment: 'Components are composed by the entrypoints, never the other way round.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'components-popup-settings-apart',
      comment:
        "Each page's components stand apart: what both use lives in common/ or hooks/ (or lib/pages/).",
      severity: 'error',
      from: { path: '^components/(popup|settings)/' },
      to: { path: '^components/(popup|settings)/', pathNot: '^components/$1/' },
    },
    {
      name: 'pages-not-writes',
      comment:
        "One writer: the background alone makes every change (lib/store/writes.ts, and the accounts' upgrade, lib/store/accounts-upgrade.ts); no page loads them, however deep (test/unit/structure/one-writer.test.ts finds the writes themselves).",
      severity: 'error',
      from: { path: '^entrypoints/(popup|options)/' },
      to: { path: '^lib/store/(writes|accounts-upgrade)\\.ts$', reachable: true },
    },
    {
      name: 'storage-in-one-room',
      comment:
        'Stored data is reached through one module: lib/store/items.ts alone imports @wxt-dev/storage (its reads and writes by key, the one write queue, the version markers, the watchers).',
      severity: 'error',
      from: { path: PRODUCT, pathNot: '^lib/store/items\\.ts$' },
      to: { path: '@wxt-dev/storage' },
    },
    {
      name: 'product-not-tools',
      comment:
        'The product (lib, components, entrypoints, build) imports nothing from the tools and tests (testbed/, scripts/, test/, .ci/ or any other folder beside them).',
      severity: 'error',
      from: { path: PRODUCT },
      to: { pathNot: PRODUCT_MAY_USE, dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    // `depcruise .` reads every folder, so a new one is checked the day it appears; built output,
    // generated files and installed packages are not ours.
    doNotFollow: { path: ['node_modules'] },
    exclude: {
      path: [
        // Installed packages are not ours; @wxt-dev/storage stays in view for storage-in-one-room.
        '(^|/)node_modules/(?!@wxt-dev/storage/)',
        '^\\.output/',
        '^\\.wxt/',
        '^artifacts/',
        '^test/fixtures/releases/',
        // The bench's floor project is a WXT project of its own: its build and generated types.
        '/\\.output/',
        '/\\.wxt/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: '.wxt/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
