import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { findFirefox, FIREFOX_E2E_BUILD, FIREFOX_E2E_XPI, NO_FIREFOX_HELP } from '../../scripts/browsers/firefox';

const run = (args: string[], env: Record<string, string> = {}) =>
  // vitest sets NODE_ENV=test, which would build development flavours of the libraries.
  execFileSync('npx', args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ...env } });

/** Builds the Firefox test build (and its XPI) for the suite, and the production build for the lint. */
export default function setup() {
  if (!findFirefox()) throw new Error(NO_FIREFOX_HELP);
  run(['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { WXT_TIME_SCALE: '720' });
  run(['web-ext', 'build', '--source-dir', FIREFOX_E2E_BUILD, '--artifacts-dir', dirname(FIREFOX_E2E_XPI),
    '--filename', basename(FIREFOX_E2E_XPI), '--overwrite-dest']);
  run(['wxt', 'build', '-b', 'firefox']);
}
