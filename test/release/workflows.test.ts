import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The forge's workflows (.github/workflows): CI, the release started by hand, and the weekly
// rebuild of the kept releases' fixtures (docs/release.md).
// Nothing here runs them; action-validator (from npm) checks each against the workflow schema
// (keys, types, events, inputs, `needs`), which is what a push to the forge would reject.

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
      (yaml) => yaml.replace('needs: build', 'needs: built'),
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
