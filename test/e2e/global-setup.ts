import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { E2E_BUILD, FAST_E2E_BUILD, findChromium, NO_CHROMIUM_HELP } from '../../scripts/browsers/chromium';

/** Builds the real-browser test builds once for all e2e files: time 720 times faster, and (one file) 8640 times. */
export default function setup() {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  const build = (scale: string) =>
    execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', WXT_TIME_SCALE: scale } });
  // WXT names the folder after the mode: the faster build is moved to its own before the usual one is made.
  build('8640');
  rmSync(FAST_E2E_BUILD, { recursive: true, force: true });
  renameSync(E2E_BUILD, FAST_E2E_BUILD);
  build('720');
}
