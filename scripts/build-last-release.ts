// Rebuilds the last release's test fixture (scripts/last-release.ts) from its commit: the commit's
// files (git archive) in a temporary folder, its own locked packages (npm ci), then its test builds
// for Chromium and Firefox, copied into test/fixtures/releases/<version>/. Its stored names are
// recorded beside them from its lib/store/stored-names.ts; a release older than that module
// (0.1.0) keeps the record written by hand. Older releases' builds go (their records stay: a
// user may update from any of them). Takes minutes (npm ci); needs git and the npm registry.
//   npx tsx scripts/build-last-release.ts
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  LAST_RELEASE,
  LAST_RELEASE_BUILD,
  RELEASES_DIR,
  releaseNames,
  storedNamesFile,
  type ReleaseNames,
} from './last-release';

const { version, commit } = LAST_RELEASE;
const source = mkdtempSync(join(tmpdir(), `storage-keeper-${version}-`));
const run = (command: string, args: string[], options: ExecFileSyncOptions = {}) =>
  execFileSync(command, args, { stdio: 'inherit', cwd: source, ...options });

try {
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${source}"`], { stdio: 'inherit' });
  run('npm', ['ci', '--no-audit', '--no-fund']);
  for (const { dir, browser, timeScale } of Object.values(LAST_RELEASE_BUILD)) {
    // As the current test builds are made: production libraries, no application key.
    run('npx', ['wxt', 'build', '-b', browser, '--mode', 'e2e'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        WXT_TIME_SCALE: timeScale,
        WXT_APP_API_KEY: '',
      },
    });
    const built = join(source, '.output', `${browser}-mv3-e2e`);
    rmSync(dir, { recursive: true, force: true });
    cpSync(built, dir, { recursive: true });
    rmSync(built, { recursive: true });
  }
  recordStoredNames();
  for (const other of readdirSync(RELEASES_DIR).filter((name) => name !== version)) {
    for (const build of Object.values(LAST_RELEASE_BUILD))
      rmSync(join(RELEASES_DIR, other, basename(build.dir)), { recursive: true, force: true });
  }
  console.log(`Built ${version} (${commit}) into ${join(RELEASES_DIR, version)}`);
} finally {
  rmSync(source, { recursive: true, force: true });
}

/** The release's stored names, from its own list of them where it has one. */
function recordStoredNames() {
  if (!existsSync(join(source, 'lib/store/stored-names.ts'))) {
    if (!existsSync(storedNamesFile(version)) || releaseNames(version).commit !== commit) {
      throw new Error(
        `${version} has no lib/store/stored-names.ts: write ${storedNamesFile(version)} by hand from its source`,
      );
    }
    return;
  }
  const printed = run(
    'npx',
    [
      'tsx',
      '-e',
      "import('./lib/store/stored-names.ts').then(({ STORED_NAMES }) => console.log(JSON.stringify(STORED_NAMES)))",
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const { keys, alarms } = JSON.parse(String(printed)) as Pick<ReleaseNames, 'keys' | 'alarms'>;
  const names: ReleaseNames = { version, commit, keys, alarms };
  writeFileSync(storedNamesFile(version), `${JSON.stringify(names, null, 2)}\n`);
}
