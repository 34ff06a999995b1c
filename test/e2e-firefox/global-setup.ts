import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { builtByCi } from '../../.ci/built';
import {
  findFirefox,
  FIREFOX_E2E_BUILD,
  FIREFOX_E2E_XPI,
  NO_FIREFOX_HELP,
} from '../../testbed/browsers/firefox';

const run = (args: string[], env: Record<string, string> = {}) =>
  // vitest sets NODE_ENV=test, which would build development flavours of the libraries.
  execFileSync('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });

/** The Firefox test build and its XPI. */
export function buildFirefoxE2e() {
  run(['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { WXT_TIME_SCALE: '720' });
  run([
    'web-ext',
    'build',
    '--source-dir',
    FIREFOX_E2E_BUILD,
    '--artifacts-dir',
    dirname(FIREFOX_E2E_XPI),
    '--filename',
    basename(FIREFOX_E2E_XPI),
    '--overwrite-dest',
  ]);
}

/**
 * Builds the Firefox test build for the suite, and the production build for the lint; in CI,
 * `npm test` (scripts/test.sh) has made both already (the production one with `npm run zip`).
 */
export default function setup() {
  if (!findFirefox()) throw new Error(NO_FIREFOX_HELP);
  if (builtByCi()) return;
  buildFirefoxE2e();
  run(['wxt', 'build', '-b', 'firefox']);
}
