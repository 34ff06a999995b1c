// The kept releases' fixtures (testbed/kept-releases.ts), built from their own commits: each
// commit's files (git archive) in a temporary folder, its own locked packages (npm ci), its test
// builds for Chromium and Firefox, its record (stored-names.json): its stored names, read
// from its own sources, and its stored data (stored-data.json): what its Chromium build stored
// when used through its own pages (testbed/release-use.ts). Minutes; needs git (the commits), the
// npm registry and Chromium.
//   npm run releases:add -- <version> <commit>   a new release's fixture; an existing one is never replaced
//   npm run releases:add -- record <version>     its stored data made again (it holds times and ids of its own run)
//   npm run releases:add -- builds               a kind of build added to RELEASE_BUILDS, made for each kept release
//   npm run releases:check [-- <version>…]       every kept release (or those named) rebuilt and
//                                                compared byte for byte with what is kept; exits 1 on any difference
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  keptReleases,
  RELEASE_BUILDS,
  RELEASES_DIR,
  releaseNames,
  storedDataFile,
  storedNamesFile,
  type ReleaseNames,
} from '../testbed/kept-releases';
import { notificationPrefixes, STORED_VALUE_TYPES, storedTypes } from '../testbed/stored-fields';
import { recordReleaseUse } from '../testbed/release-use';
import { E2E_APP_KEY } from '../testbed/browsers/chromium';

const [command, ...args] = process.argv.slice(2);
if (command === 'add' && args[0] === 'record' && args.length === 2) {
  await recordStoredData(args[1]!);
} else if (command === 'add' && args.length === 2) {
  const [version, commit] = args as [string, string];
  if (existsSync(join(RELEASES_DIR, version)))
    throw new Error(`${version} is kept already: a kept release is never replaced`);
  const full = String(execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`])).trim();
  build(version, full, join(RELEASES_DIR, version));
  await recordStoredData(version);
  console.log(`Kept ${version} (${full}) in ${join(RELEASES_DIR, version)}`);
} else if (command === 'add' && args[0] === 'builds' && args.length === 1) {
  // A kind of build added to RELEASE_BUILDS: each kept release gets it, made from its commit;
  // what it kept already must come out the same, byte for byte.
  for (const version of keptReleases()) {
    const missing = Object.values(RELEASE_BUILDS).filter(
      ({ folder }) => !existsSync(join(RELEASES_DIR, version, folder)),
    );
    if (missing.length === 0) continue;
    const out = mkdtempSync(join(tmpdir(), `storage-keeper-${version}-builds-`));
    try {
      build(version, releaseNames(version).commit, out);
      const differences = compareTrees(join(RELEASES_DIR, version), out).filter(
        (d) =>
          !d.startsWith('stored-data.json:') &&
          !missing.some(({ folder }) => d.startsWith(`${folder}/`)),
      );
      if (differences.length > 0)
        throw new Error(
          `${version}, rebuilt from its commit, differs:\n  ${differences.join('\n  ')}`,
        );
      for (const { folder } of missing)
        cpSync(join(out, folder), join(RELEASES_DIR, version, folder), { recursive: true });
      console.log(`${version}: added ${missing.map(({ folder }) => folder).join(', ')}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
} else if (command === 'check') {
  const versions = args.length > 0 ? args : keptReleases();
  const differences = versions.flatMap((version) => {
    const started = Date.now();
    const out = mkdtempSync(join(tmpdir(), `storage-keeper-${version}-rebuilt-`));
    try {
      build(version, releaseNames(version).commit, out);
      // Its stored data comes from a run of its build, with that run's times and ids: not rebuilt.
      const found = compareTrees(join(RELEASES_DIR, version), out)
        .filter((d) => !d.startsWith('stored-data.json:'))
        .map((d) => `${version}/${d}`);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `${version}: ${found.length === 0 ? 'the same, byte for byte' : `${found.length} differences`} (${seconds} s)`,
      );
      return found;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
  if (differences.length > 0) {
    console.error(
      `Rebuilt from their commits, the fixtures differ:\n  ${differences.join('\n  ')}`,
    );
    process.exit(1);
  }
} else {
  console.error('usage: releases.ts add <version> <commit> | check [<version>…] (docs/release.md)');
  process.exit(2);
}

/** What a kept release's Chromium build stores when used (testbed/release-use.ts), in its stored-data.json. */
async function recordStoredData(version: string) {
  const used = await recordReleaseUse(version);
  writeFileSync(storedDataFile(version), `${JSON.stringify(used, null, 2)}\n`);
  console.log(`Recorded what ${version} stores in ${storedDataFile(version)}`);
}

/** A release's test builds and record, from its commit, into `out`. */
function build(version: string, commit: string, out: string) {
  const source = mkdtempSync(join(tmpdir(), `storage-keeper-${version}-`));
  const run = (file: string, argv: string[], options: ExecFileSyncOptions = {}) =>
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'inherit'], cwd: source, ...options });
  try {
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${source}"`], {
      stdio: 'inherit',
    });
    const { version: itsVersion } = JSON.parse(
      readFileSync(join(source, 'package.json'), 'utf8'),
    ) as { version: string };
    if (itsVersion !== version)
      throw new Error(`${commit} is version ${itsVersion}, not ${version}`);
    run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
    mkdirSync(out, { recursive: true });
    for (const { folder, browser, timeScale, appKey } of Object.values(RELEASE_BUILDS)) {
      // As the current test builds are made: production libraries, the test key or none.
      run('npx', ['wxt', 'build', '-b', browser, '--mode', 'e2e'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          WXT_TIME_SCALE: timeScale,
          WXT_APP_API_KEY: appKey ? E2E_APP_KEY : '',
        },
      });
      cpSync(join(source, '.output', `${browser}-mv3-e2e`), join(out, folder), {
        recursive: true,
      });
    }
    const names = recordOf(version, commit, source);
    writeFileSync(join(out, 'stored-names.json'), `${JSON.stringify(names, null, 2)}\n`);
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
}

/**
 * A release's record, read from its sources: its keys, versions and alarms (and, from 0.3.0, its
 * notification id prefixes) from its lib/store/stored-names.ts (STORED_NAMES); a release older
 * than that module (0.1.0) keeps those as written by hand in its record. Its notification id
 * prefixes where STORED_NAMES has none (0.1.0, 0.2.0), from its code, and the fields of each
 * stored value with the type stored in each, from its types (testbed/stored-fields.ts), with the value types its record names,
 * or this checkout's for a new release.
 */
function recordOf(version: string, commit: string, source: string): ReleaseNames {
  const kept = existsSync(storedNamesFile(version)) ? releaseNames(version) : undefined;
  let listed: Pick<ReleaseNames, 'source' | 'keys' | 'alarms'> &
    Partial<Pick<ReleaseNames, 'notificationPrefixes'>>;
  if (existsSync(join(source, 'lib/store/stored-names.ts'))) {
    const printed = execFileSync(
      'npx',
      [
        'tsx',
        '-e',
        "import('./lib/store/stored-names.ts').then(({ STORED_NAMES }) => console.log(JSON.stringify(STORED_NAMES)))",
      ],
      { cwd: source, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const {
      keys,
      alarms,
      notificationPrefixes: prefixes,
    } = JSON.parse(String(printed)) as Pick<ReleaseNames, 'keys' | 'alarms'> & {
      notificationPrefixes?: string[];
    };
    listed = {
      source: prefixes
        ? 'keys, alarms and notification prefixes: its lib/store/stored-names.ts (STORED_NAMES); fields: read from its sources (testbed/stored-fields.ts)'
        : 'keys and alarms: its lib/store/stored-names.ts (STORED_NAMES); notification prefixes and fields: read from its sources (testbed/stored-fields.ts)',
      keys,
      alarms,
      ...(prefixes && { notificationPrefixes: prefixes }),
    };
  } else if (kept?.commit === commit) {
    listed = { source: kept.source, keys: kept.keys, alarms: kept.alarms };
  } else {
    throw new Error(
      `${version} has no lib/store/stored-names.ts: write its keys and alarms in ${storedNamesFile(version)} by hand from its source`,
    );
  }
  const fieldsFrom =
    kept?.fieldsFrom ??
    Object.fromEntries(
      Object.keys(listed.keys).map((key) => {
        const type = STORED_VALUE_TYPES[key];
        if (!type) throw new Error(`${key}: list its value's type in testbed/stored-fields.ts`);
        return [key, type];
      }),
    );
  const types = storedTypes(source, fieldsFrom);
  return {
    version,
    commit,
    ...listed,
    notificationPrefixes: listed.notificationPrefixes ?? notificationPrefixes(source),
    fieldsFrom,
    fields: Object.fromEntries(
      Object.entries(types).map(([key, paths]) => [key, Object.keys(paths)]),
    ),
    types,
  };
}

/** Every file of either tree that the other lacks or holds with other bytes. */
function compareTrees(kept: string, rebuilt: string): string[] {
  const files = (root: string, dir = root): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(root, path) : [relative(root, path)];
    });
  const [a, b] = [files(kept), files(rebuilt)];
  return [
    ...a.filter((file) => !b.includes(file)).map((file) => `${file}: not rebuilt`),
    ...b.filter((file) => !a.includes(file)).map((file) => `${file}: rebuilt, not kept`),
    ...a
      .filter((file) => b.includes(file))
      .filter((file) => !readFileSync(join(kept, file)).equals(readFileSync(join(rebuilt, file))))
      .map((file) => `${file}: other bytes`),
  ];
}
