import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { builtByCi } from '../../.ci/built';
import {
  APP_KEY_E2E_BUILD,
  E2E_APP_KEY,
  E2E_BUILD,
  FAST_E2E_BUILD,
  findChromium,
  NO_CHROMIUM_HELP,
} from '../../testbed/browsers/chromium';

/**
 * The real-browser test builds: time 720 times faster, (one file) 8640 times, and (one file) 720
 * times with an application key. The usual ones carry no key, whatever the environment holds:
 * they are the builds of anyone who has none.
 */
export function buildE2e() {
  const build = (scale: string, appKey = '') =>
    execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WXT_TIME_SCALE: scale,
        WXT_APP_API_KEY: appKey,
      },
    });
  // WXT names the folder after the mode: each other build is moved to its own before the usual one is made.
  const buildInto = (dir: string, scale: string, appKey?: string) => {
    build(scale, appKey);
    rmSync(dir, { recursive: true, force: true });
    renameSync(E2E_BUILD, dir);
  };
  buildInto(FAST_E2E_BUILD, '8640');
  buildInto(APP_KEY_E2E_BUILD, '720', E2E_APP_KEY);
  build('720');
}

/** Builds them once for all e2e files (unless `npm test` has just built them, before its suites run side by side). */
export default function setup() {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  if (!builtByCi()) buildE2e();
}
