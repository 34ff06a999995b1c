import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitProblem, refusals } from '../../../.ci/commit-rule';

// The commit check as CI runs it (.ci/run): the real script on real git repositories made here,
// one commit at a time, and the rule it applies.

const root = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'commit-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SUBJECT_120 =
  `Fix: ${'the subject goes on and on about everything at once '.repeat(3)}`.slice(0, 120);

function git(repo: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}
function commit(repo: string, subject: string, file = 'notes.txt') {
  writeFileSync(join(repo, file), `${subject}\n`, { flag: 'a' });
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', subject);
}
function check(repo: string) {
  const run = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, '.ci/commit-check.ts')], {
    cwd: repo,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}
/** A repository whose history is one long subject, then the commit adding the check. */
function repository(name: string): string {
  const repo = join(work, name);
  mkdirSync(join(repo, '.ci'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  commit(repo, `Before the check: ${'x'.repeat(200)}`);
  writeFileSync(join(repo, '.ci/commit-check.ts'), '// the check\n');
  commit(repo, 'CI: check commit subjects');
  return repo;
}

describe('the commit check on a repository', () => {
  it('passes the history before the check and short subjects after it', () => {
    const repo = repository('passes');
    commit(repo, 'README: say how to install');
    expect(check(repo)).toEqual({
      status: 0,
      output: expect.stringContaining('the 1 commits after') as string,
    });
  });

  it('refuses a 120-character subject after the check, naming it', () => {
    const repo = repository('long');
    commit(repo, 'README: say how to install');
    commit(repo, SUBJECT_120);
    expect(SUBJECT_120).toHaveLength(120);
    const { status, output } = check(repo);
    expect(status).toBe(1);
    expect(output).toContain(SUBJECT_120);
    expect(output).toContain('subject of 120 characters');
    expect(output).toContain('1 of the 2 commits');
  });

  it('finds the adding commit again after a rebase rewrote it', () => {
    const repo = repository('rebased');
    git(repo, 'checkout', '-q', '-b', 'topic', 'HEAD~1');
    commit(repo, 'Topic: a change of its own', 'topic.txt');
    git(repo, 'checkout', '-q', 'main');
    git(repo, 'rebase', '-q', 'topic');
    commit(repo, SUBJECT_120);
    const { status, output } = check(repo);
    expect(status).toBe(1);
    expect(output).toContain('1 of the 1 commits');
  });

  it("refuses main merged into a branch, and leaves a branch's merge into main", () => {
    const repo = repository('merges');
    git(repo, 'checkout', '-q', '-b', 'topic');
    commit(repo, 'Topic: a change', 'topic.txt');
    git(repo, 'checkout', '-q', 'main');
    commit(repo, 'Main: another change', 'main.txt');
    git(repo, 'merge', '-q', '--no-ff', '-m', "Merge branch 'topic'", 'topic');
    expect(check(repo).status).toBe(0);
    git(repo, 'checkout', '-q', 'topic');
    commit(repo, 'Topic: one more', 'topic.txt');
    git(repo, 'merge', '-q', '--no-ff', '-m', "Merge branch 'main' into topic", 'main');
    const { status, output } = check(repo);
    expect(status).toBe(1);
    expect(output).toContain("Merge branch 'main' into topic");
    expect(output).toContain('rebase the branch on main');
  });

  it('says so and fails in a shallow clone', () => {
    const repo = repository('deep');
    commit(repo, 'README: say how to install');
    git(work, 'clone', '-q', '--depth', '1', `file://${repo}`, 'shallow');
    const { status, output } = check(join(work, 'shallow'));
    expect(status).toBe(1);
    expect(output).toContain('this clone is shallow');
  });
});

describe('the rule', () => {
  const commit = (subject: string, parents = 1) => ({ hash: 'abcdef0123456789', parents, subject });

  it('takes a subject under 72 characters and refuses one of 72 or more', () => {
    expect(commitProblem(commit('x'.repeat(71)))).toBeUndefined();
    expect(commitProblem(commit('x'.repeat(72)))).toMatch(/subject of 72 characters/);
    expect(commitProblem(commit(''))).toBe('empty subject');
  });

  it('counts characters, not bytes', () => {
    expect(commitProblem(commit('設定画面: '.padEnd(71, 'あ')))).toBeUndefined();
  });

  it('refuses each spelling of main merged into a branch, and no other merge', () => {
    for (const subject of [
      "Merge branch 'main' into saves-e2e",
      "Merge remote-tracking branch 'origin/main' into topic",
      'Merge main into topic',
      "Merge branch 'main' of github.com:owner/repo into topic",
    ])
      expect(commitProblem(commit(subject, 2)), subject).toMatch(/rebase the branch on main/);
    expect(commitProblem(commit("Merge branch 'save-cleanup'", 2))).toBeUndefined();
    expect(refusals([commit('Merge main into topic', 1)])).toEqual([]);
  });

  it('takes the subjects git and the forge write for a merge, and no long one written by hand', () => {
    const sha = (c: string) => c.repeat(40);
    for (const subject of [
      `Merge ${sha('a')} into ${sha('b')}`, // the forge's test merge of a pull request
      'Merge pull request #123 from someone/a-branch-name-long-enough-to-pass-the-limit-by-far',
      "Merge branch 'a-branch-name-long-enough-to-pass-the-limit-by-far' into release-candidate",
    ])
      expect(commitProblem(commit(subject, 2)), subject).toBeUndefined();
    expect(commitProblem(commit(`Merge topic: ${'why '.repeat(20)}`, 2))).toMatch(/subject of/);
    expect(commitProblem(commit(`Merge ${sha('a')} into ${sha('b')}`, 1))).toMatch(/subject of/);
  });
});
