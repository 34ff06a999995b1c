import { execFileSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_HELP } from '../../scripts/browsers/chromium';

/** Builds the real-browser test build once for all e2e files. */
export default function setup() {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', WXT_TIME_SCALE: '720' },
  });
}
