// CI's commit check (.ci/run): every commit on HEAD after the one that added this file must keep
// the rule of .ci/commit-rule.ts; older history is exempt. The adding commit is found by the
// file's own history (git log --diff-filter=A), so a rebase that rewrites it changes nothing.
//   npx tsx .ci/commit-check.ts            in the checkout; exits 1 naming each commit refused
import { execFileSync } from 'node:child_process';
import { refusals, type Commit } from './commit-rule';

const SELF = '.ci/commit-check.ts';
const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 << 20 }).trim();

if (git('rev-parse', '--is-shallow-repository') === 'true') {
  console.error(
    'Commit check: this clone is shallow, so the commit that added the check may be missing and ' +
      'the commits after it cannot be read. Fetch the whole history (git fetch --unshallow, or ' +
      "actions/checkout's fetch-depth: 0) and run it again.",
  );
  process.exit(1);
}

// The oldest commit that added this file: git log lists newest first.
const added = git('log', '--diff-filter=A', '--format=%H', 'HEAD', '--', SELF).split('\n').at(-1);
if (!added) {
  console.log(`Commit check: ${SELF} is not committed yet, so no commit comes after it.`);
  process.exit(0);
}

const commits = git('log', '--format=%H%x09%P%x09%s', `${added}..HEAD`)
  .split('\n')
  .filter(Boolean)
  .map((line): Commit => {
    const [hash = '', parents = '', ...subject] = line.split('\t');
    return { hash, parents: parents.split(' ').length, subject: subject.join('\t') };
  });
const refused = refusals(commits);
if (refused.length > 0) {
  console.error(
    `Commit check: ${refused.length} of the ${commits.length} commits after ${added.slice(0, 10)} ` +
      'break the rule of CONTRIBUTING.md ("Commits"):\n' +
      refused.join('\n'),
  );
  process.exit(1);
}
console.log(
  `Commit check: the ${commits.length} commits after ${added.slice(0, 10)} (which added it) keep the rule.`,
);
