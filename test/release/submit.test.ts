import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig, validateConfig } from 'publish-browser-extension';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtByCi } from '../../.ci/built';

// `npm run submit:dry-run` (scripts/submit.ts) as a maintainer and CI run it: CI has no store
// secrets and no way to the stores. In CI the zips are the ones `npm test` has just made.

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};
const zip = (kind: string) => `.output/${name}-${version}-${kind}.zip`;

/** The stores' secrets the release workflow hands to its submit step (every secret but the build's application key). */
const secrets = [
  ...new Set(
    [...readFileSync('.github/workflows/release.yml', 'utf8').matchAll(/\bsecrets\.(\w+)/g)].map(
      (m) => m[1]!,
    ),
  ),
]
  .filter((secret) => secret !== 'WXT_APP_API_KEY')
  .sort();
/** Made-up values: no store accepts them, so a run that exits 0 with them has sent nothing. */
const madeUp = (secret: string) => `made-up-${secret.toLowerCase()}`;

/** The environment without any store secret: blank, so a maintainer's .env.submit cannot fill them in either. */
function environment(set: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...set };
  for (const secret of secrets) env[secret] = set[secret] ?? '';
  return env;
}

/** `npm run submit:dry-run` without npm's banner; in another folder, the same script on that folder's package.json and .output. */
function dryRun(env: NodeJS.ProcessEnv, cwd?: string) {
  const [command, args] = cwd
    ? [resolve('node_modules/.bin/tsx'), [resolve('scripts/submit.ts'), '--offline']]
    : ['npm', ['run', '--silent', 'submit:dry-run']];
  const { status, stdout, stderr } = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  return { status, stdout, stderr };
}

const scratch = mkdtempSync(join(tmpdir(), 'sk-submit-'));
beforeAll(() => {
  if (!builtByCi() && ![zip('chrome'), zip('firefox'), zip('sources')].every(existsSync)) {
    // As a maintainer's shell runs it: vitest's NODE_ENV=test would change the build.
    const env = { ...process.env };
    delete env.NODE_ENV;
    execFileSync('npm', ['run', 'zip'], { stdio: 'ignore', env });
  }
}, 300_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run submit:dry-run', () => {
  it('the release workflow hands the submit step the Chrome Web Store and addons.mozilla.org secrets', () => {
    expect(secrets).toEqual([
      'CHROME_EXTENSION_ID',
      'CHROME_PUBLISHER_ID',
      'CHROME_SERVICE_ACCOUNT_CLIENT_EMAIL',
      'CHROME_SERVICE_ACCOUNT_PRIVATE_KEY',
      'FIREFOX_EXTENSION_ID',
      'FIREFOX_JWT_ISSUER',
      'FIREFOX_JWT_SECRET',
    ]);
  });

  it('as in CI, without the secrets: fails with one line naming every one of them', () => {
    const { status, stdout, stderr } = dryRun(environment());
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Cannot submit ${version}: missing the secrets ${secrets.join(', ')} \\(see "Set up once" in docs/release\\.md\\)\\n$`,
      ),
    );
  });

  it('with the secrets the workflow hands over: says which zip goes to which store and the exact wxt submit call, and sends nothing', () => {
    const { status, stdout, stderr } = dryRun(
      environment(Object.fromEntries(secrets.map((s) => [s, madeUp(s)]))),
    );
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Storage Keeper ${version}:`);
    expect(lines[1]).toMatch(
      new RegExp(
        `^  Chrome Web Store \\(item ${madeUp('CHROME_EXTENSION_ID')}\\): ${zip('chrome')} \\(\\d+ KiB\\)$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^  addons\\.mozilla\\.org \\(item ${madeUp('FIREFOX_EXTENSION_ID')}\\): ${zip('firefox')} \\(\\d+ KiB\\) with the sources ${zip('sources')} \\(\\d+ KiB\\)$`,
      ),
    );
    expect(lines[3]).toBe(
      `wxt submit --chrome-api-version v2 --chrome-zip ${zip('chrome')} --firefox-zip ${zip('firefox')} --firefox-sources-zip ${zip('sources')}`,
    );
    expect(lines[4]).toBe(`  with ${secrets.join(', ')} from the environment (all set)`);
    expect(lines[5]).toMatch(/^Dry run: nothing was sent\./);
    // Only the items' ids, which the stores show publicly, are printed; never a credential.
    for (const secret of secrets.filter((s) => !s.endsWith('_EXTENSION_ID')))
      expect(stdout).not.toContain(madeUp(secret));
  });

  it('without the zips: fails with one line naming each and how to build them', () => {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name, version: '9.9.9' }));
    const { status, stderr } = dryRun(
      environment(Object.fromEntries(secrets.map((s) => [s, madeUp(s)]))),
      scratch,
    );
    expect(status).toBe(1);
    expect(stderr).toBe(
      `Cannot submit 9.9.9: missing the zips .output/${name}-9.9.9-chrome.zip, .output/${name}-9.9.9-firefox.zip, .output/${name}-9.9.9-sources.zip (npm run zip builds them)\n`,
    );
  });

  // What publish-browser-extension (behind wxt submit) itself requires for the call the dry run prints: those secrets, each one.
  it('asks for exactly what wxt submit requires for the Chrome Web Store (API v2) and addons.mozilla.org', () => {
    const check = (env: Record<string, string>) => {
      for (const [secret, value] of Object.entries(env)) vi.stubEnv(secret, value);
      try {
        validateConfig(
          resolveConfig({
            chrome: { apiVersion: 'v2', zip: zip('chrome') },
            firefox: { zip: zip('firefox'), sourcesZip: zip('sources') },
          }),
        );
        return 'valid';
      } catch (error) {
        return (error as Error).message;
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const all = Object.fromEntries(secrets.map((s) => [s, madeUp(s)]));
    expect(check(all)).toBe('valid');
    for (const secret of secrets) expect(check({ ...all, [secret]: '' }), secret).not.toBe('valid');
  });
});
