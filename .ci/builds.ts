// Every build `npm test` (scripts/test.sh) needs, made once before its suites run side by side,
// which then build nothing (each checks builtByCi(), .ci/built.ts): the store zips of both
// browsers (with a stray WXT_TIME_SCALE that test/e2e/bundle-size.test.ts checks they ignore),
// the real-browser test builds, the simulator builds (npm start, npm run start:firefox, npm run
// store, npm run picture, npm run bench) and the bench's floor.
import { execFileSync } from 'node:child_process';
import { STRAY_TIME_SCALE } from './built';
import { buildE2e } from '../test/e2e/global-setup';
import { buildFirefoxE2e } from '../test/e2e-firefox/global-setup';
import { FLOOR_DIR } from '../testbed/bench/history-year';

const run = (command: string, args: string[], env: Record<string, string> = {}, cwd = '.') =>
  execFileSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });

run('npm', ['run', 'zip'], { WXT_TIME_SCALE: STRAY_TIME_SCALE });
buildE2e();
buildFirefoxE2e();
run('npx', ['wxt', 'build', '--mode', 'simulator']);
run('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'simulator']);
run('npx', ['wxt', 'build'], {}, FLOOR_DIR);
