import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Every project has allowOnly: false: a .only left in a file fails every run, local or CI (vitest
// allows it unless CI is set, and a project does not take it from the root).
export default defineConfig({
  test: {
    projects: [
      {
        // The WXT plugin ignores wxt.config.ts's vite plugins: preact is added here too.
        plugins: [WxtVitest(), preact()],
        // Where a unit test goes (a module's at its mirrored path, pages, scenarios/, structure/): CONTRIBUTING.md, Rules.
        test: {
          name: 'unit',
          allowOnly: false,
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // CI runs on two shared cores, beside the browser suites: a test waits for its state, never races a clock.
          testTimeout: 30_000,
          setupFiles: ['test/unit/helpers/wait-for-state.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          allowOnly: false,
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The release: zips, the sources zip and a rebuild from it (npm ci, then the build: minutes).
        test: {
          name: 'release',
          allowOnly: false,
          include: ['test/release/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'firefox',
          allowOnly: false,
          include: ['test/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e-firefox/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The front door's demos run as a person runs them (npm start, npm run start:firefox), headless.
        // One file at a time, like e2e: `npm run store` (e2e) builds the same simulator build.
        test: {
          name: 'demo',
          allowOnly: false,
          include: ['test/demo/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 300_000,
        },
      },
    ],
  },
});
