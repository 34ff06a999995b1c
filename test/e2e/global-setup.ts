import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './browser';

/** Builds the real-browser test build once for all e2e files. */
export default function setup() {
  if (!existsSync(chromiumPath())) {
    throw new Error(`No Chromium at ${chromiumPath()}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  }
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    stdio: 'inherit',
    env: { ...process.env, WXT_TIME_SCALE: '720' },
  });
}
