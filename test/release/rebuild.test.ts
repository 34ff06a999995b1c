import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtByCi } from '../../.ci/built';

// What a maintainer uploads and what addons.mozilla.org rebuilds: the store zips of both browsers
// and the Firefox sources zip, made as `npm run zip` makes them (into a folder of their own, so
// the worktree's .output is left alone); then the sources unpacked into an empty folder,
// installed from the lock file and built with the command REVIEWERS.md gives. In CI the zips are
// the ones `npm run zip` made a moment ago in `npm test` (scripts/test.sh: the same command, the same checkout).

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** The environment of a maintainer's shell: vitest's NODE_ENV=test would change the build, and npm ci's install. */
const shell = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
};
const run = (command: string, args: string[], options: ExecFileSyncOptions = {}) =>
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: shell(), ...options });

/** Every file in a zip, by path, with its bytes. */
function unzipped(zip: string): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'sk-unzip-'));
  try {
    run('unzip', ['-q', zip, '-d', dir]);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    return new Map(
      files
        .map((e) => {
          const path = join(e.parentPath, e.name);
          return [path.slice(dir.length + 1), readFileSync(path)] as const;
        })
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Zips one browser as `wxt zip -b <browser>` does, into `outDir`. */
const zipInto = (browser: string, outDir: string) =>
  run('node', [
    '--input-type=module',
    '-e',
    "import { zip } from 'wxt'; await zip({ browser: process.argv[1], outDir: process.argv[2] });",
    browser,
    outDir,
  ]);

let out: string;
let rebuilt: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'sk-release-'));
  rebuilt = mkdtempSync(join(tmpdir(), 'sk-rebuilt-'));
  if (builtByCi()) {
    for (const zip of readdirSync('.output').filter((f) => f.endsWith('.zip')))
      copyFileSync(join('.output', zip), join(out, zip));
  } else {
    zipInto('chrome', out);
    zipInto('firefox', out);
  }
}, 300_000);
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(rebuilt, { recursive: true, force: true });
});

describe('a release', () => {
  it("names the zips after package.json's version, and both manifests carry it", () => {
    expect(
      readdirSync(out)
        .filter((f) => f.endsWith('.zip'))
        .sort(),
    ).toEqual([
      `storage-keeper-${version}-chrome.zip`,
      `storage-keeper-${version}-firefox.zip`,
      `storage-keeper-${version}-sources.zip`,
    ]);
    for (const browser of ['chrome', 'firefox']) {
      const manifest = JSON.parse(
        unzipped(join(out, `storage-keeper-${version}-${browser}.zip`))
          .get('manifest.json')!
          .toString(),
      );
      expect(manifest.version, browser).toBe(version);
    }
  });

  it('each zip holds the icons its manifest names and every file the code asks the browser for', () => {
    const asked = readdirSync('lib', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(join('lib', f), 'utf8').matchAll(/getURL\('\/([^'?#]+)'\)/g)].map(
          (m) => m[1]!,
        ),
      );
    expect(asked).toContain('icons/128.png');
    for (const browser of ['chrome', 'firefox']) {
      const files = unzipped(join(out, `storage-keeper-${version}-${browser}.zip`));
      const manifest = JSON.parse(files.get('manifest.json')!.toString());
      const named = [
        ...Object.values(manifest.icons),
        ...Object.values(manifest.action.default_icon),
      ] as string[];
      expect(
        named.filter((f) => !files.has(f)),
        browser,
      ).toEqual([]);
      expect(Object.keys(manifest.icons).sort(), browser).toEqual(['128', '16', '32', '48']);
      expect(
        asked.filter((f) => !files.has(f)),
        browser,
      ).toEqual([]);
    }
  });

  it('the sources zip holds only files the repository tracks: no artifacts, screenshots, .git, .env, node_modules or local files', () => {
    const tracked = new Set(execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n'));
    const entries = [...unzipped(join(out, `storage-keeper-${version}-sources.zip`)).keys()];
    expect(entries).toContain('package-lock.json');
    expect(entries).toContain('REVIEWERS.md');
    expect(entries.filter((e) => !tracked.has(e))).toEqual([]);
    expect(
      entries.filter((e) =>
        /(^|\/)(\.git|\.env[^/]*|node_modules|artifacts|\.output)(\/|$)/.test(e),
      ),
    ).toEqual([]);
  });

  it('rebuilt from the sources zip in an empty folder, with the lock file and the documented command, every file is identical to the store zip', () => {
    run('unzip', ['-q', join(out, `storage-keeper-${version}-sources.zip`), '-d', rebuilt]);
    // The packages come from npm's cache when they are there (CI has just installed the same lock file).
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: rebuilt });
    run('npm', ['run', 'zip:firefox'], { cwd: rebuilt });
    const store = unzipped(join(out, `storage-keeper-${version}-firefox.zip`));
    const again = unzipped(join(rebuilt, '.output', `storage-keeper-${version}-firefox.zip`));
    expect([...again.keys()]).toEqual([...store.keys()]);
    const differing = [...store]
      .filter(([path, bytes]) => !again.get(path)?.equals(bytes))
      .map(([path]) => path);
    expect(differing).toEqual([]);
  }, 900_000);
});
