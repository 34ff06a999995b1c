import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The forge's workflows (.github/workflows): CI, the release started by hand, and the weekly
// rebuild of the kept releases' fixtures (docs/release.md).
// Nothing here runs them; action-validator (from npm) checks each against the workflow schema
// (keys, types, events, inputs, `needs`), which is what a push to the forge would reject. Then
// what keeps the release's secrets: every action pinned by commit, no checkout keeping its token,
// the secrets only in the release environment's job, which runs no install script, and the one
// job that may write to the repository installing nothing.

const dir = '.github/workflows';
const workflows = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const scratch = mkdtempSync(join(tmpdir(), 'sk-workflows-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** action-validator's verdict on one file: its exit status and what it printed. */
function validate(file: string) {
  const { status, stdout, stderr } = spawnSync('node_modules/.bin/action-validator', [file], {
    encoding: 'utf8',
  });
  return { status, output: stdout + stderr };
}

describe('the workflows', () => {
  it("are CI, the release and the release fixtures' rebuild", () => {
    expect(workflows).toEqual(['ci.yml', 'release-fixtures.yml', 'release.yml']);
  });

  it.each(workflows)('%s passes action-validator', (file) => {
    const { status, output } = validate(join(dir, file));
    // Its one warning: it does not check the patterns of a `paths` filter (release-fixtures.yml's).
    expect(output.replace(/^WARNING: Glob validation is not yet supported\..*\n/m, '')).toBe('');
    expect(status).toBe(0);
  });

  // The validator really reads our files: the same file with one mistake a hand edit could make fails.
  const mistakes: [string, string, (yaml: string) => string][] = [
    ['ci.yml', 'a misspelt key', (yaml) => yaml.replace('runs-on:', 'runs_on:')],
    [
      'ci.yml',
      'an event that does not exist',
      (yaml) => yaml.replace('  pull_request:', '  pull-request:'),
    ],
    [
      'release.yml',
      'an input of a type that does not exist',
      (yaml) => yaml.replace('type: boolean', 'type: bool'),
    ],
    [
      'release.yml',
      'a job that needs a job that is not there',
      (yaml) => yaml.replace('needs: test', 'needs: tests'),
    ],
  ];
  it.each(mistakes)('%s with %s fails action-validator', (file, _mistake, edit) => {
    const yaml = readFileSync(join(dir, file), 'utf8');
    const broken = edit(yaml);
    expect(broken).not.toBe(yaml);
    const copy = join(scratch, file);
    writeFileSync(copy, broken);
    const { status, output } = validate(copy);
    expect(status).toBe(1);
    expect(output).toContain('"errors"');
  });

  it('CI is .ci/run, and the release runs it before it builds the zips it submits', () => {
    expect(readFileSync(join(dir, 'ci.yml'), 'utf8')).toMatch(/^\s+- run: bash \.ci\/run$/m);
    const release = readFileSync(join(dir, 'release.yml'), 'utf8');
    const order = ['bash .ci/run', 'npm run zip', 'npm run submit', 'gh release create'].map(
      (step) => release.indexOf(step),
    );
    expect(order.every((at, i) => at > (order[i - 1] ?? 0))).toBe(true);
  });
});

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  environment?: string;
  permissions?: Record<string, string>;
  steps: Step[];
}
const jobsOf = (file: string, text = readFileSync(join(dir, file), 'utf8')) =>
  Object.entries((parse(text) as { jobs: Record<string, Job> }).jobs);

/** Each `uses:` line not pinned by a full commit with its version beside it, as "file:line: text". */
function unpinned(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const uses = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
    if (!uses) return [];
    const pinned =
      /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(uses[1]!) && /^\s+# v\d+(\.\d+)*$/.test(uses[2]!);
    return pinned ? [] : [`${file}:${i + 1}: ${line.trim()}`];
  });
}

/** Each checkout that keeps its token in the workspace, as "file: job". */
const keepsToken = (file: string, text?: string) =>
  jobsOf(file, text).flatMap(([name, job]) =>
    job.steps
      .filter((step) => step.uses?.startsWith('actions/checkout@'))
      .filter((step) => step.with?.['persist-credentials'] !== false)
      .map(() => `${file}: ${name}`),
  );

/** Each job that reads a secret other than the run's own token, and whether it is the release environment's. */
const secretsOutsideRelease = (file: string, text?: string) =>
  jobsOf(file, text)
    .filter(([, job]) => /\$\{\{\s*secrets\./.test(JSON.stringify(job)))
    .filter(([, job]) => job.environment !== 'release')
    .map(([name]) => `${file}: ${name}`);

describe('what guards the release', () => {
  it.each(workflows)('%s pins every action by its commit, its version in a comment', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text).toMatch(/uses:/);
    expect(unpinned(file, text)).toEqual([]);
  });

  it.each(workflows)('%s checks out without keeping the token in the workspace', (file) => {
    expect(keepsToken(file)).toEqual([]);
  });

  it('the store secrets and the key reach only the release environment, whose job runs no install script and cannot write', () => {
    expect(workflows.flatMap((file) => secretsOutsideRelease(file))).toEqual([]);
    const inRelease = jobsOf('release.yml').filter(([, job]) => job.environment === 'release');
    expect(inRelease.map(([name]) => name)).toEqual(['publish']);
    const [, publish] = inRelease[0]!;
    expect(publish.permissions).toEqual({ contents: 'read' });
    const installs = publish.steps.flatMap((step) =>
      /\bnpm (ci|install|i)\b/.test(step.run ?? '') ? [step.run] : [],
    );
    expect(installs).toEqual(['npm ci --ignore-scripts --no-audit --no-fund']);
  });

  it('the GitHub release is made by a job that installs nothing and holds no store secret', () => {
    const writers = jobsOf('release.yml').filter(
      ([, job]) => job.permissions?.contents === 'write',
    );
    expect(writers.map(([name]) => name)).toEqual(['github-release']);
    const [, job] = writers[0]!;
    expect(job.environment).toBeUndefined();
    const runs = job.steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('gh release create');
    expect(runs).not.toMatch(/\b(npm|npx|yarn|pnpm)\b/);
    expect(job.steps.map((step) => step.uses?.split('@')[0]).filter(Boolean)).toEqual([
      'actions/checkout',
      'actions/download-artifact',
    ]);
  });

  // Each guard fails on the mistake it is for.
  const release = readFileSync(join(dir, 'release.yml'), 'utf8');
  it.each<[string, () => string[]]>([
    [
      'an action by its moving tag',
      () =>
        unpinned(
          'release.yml',
          release.replace(/actions\/setup-node@[0-9a-f]{40} # v[\d.]+/, 'actions/setup-node@v6'),
        ),
    ],
    [
      'a commit with no version beside it',
      () =>
        unpinned(
          'release.yml',
          release.replace(/(actions\/setup-node@[0-9a-f]{40}) # v[\d.]+/, '$1'),
        ),
    ],
    [
      'a short commit',
      () =>
        unpinned(
          'release.yml',
          release.replace(/(actions\/setup-node@[0-9a-f]{7})[0-9a-f]{33}/, '$1'),
        ),
    ],
    [
      'a checkout that keeps its token',
      () =>
        keepsToken(
          'release.yml',
          release.replace('persist-credentials: false', 'persist-credentials: true'),
        ),
    ],
    [
      'a secret outside the release environment',
      () => secretsOutsideRelease('release.yml', release.replace('    environment: release\n', '')),
    ],
  ])('%s is found', (_, found) => {
    expect(found()).toHaveLength(1);
  });
});
