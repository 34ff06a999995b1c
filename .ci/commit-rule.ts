// The rule for commit messages (CONTRIBUTING.md, "Commits"), as .ci/commit-check.ts applies it to
// each commit after the one that added the check: a subject a reader can scan in a one-line log,
// and a branch rebased on main rather than main merged into it.

/** A subject is under this many characters (72 or more is refused). */
export const SUBJECT_LIMIT = 72;

export interface Commit {
  hash: string;
  /** Two or more parents: a merge. */
  parents: number;
  subject: string;
}

/** Merging main into a branch, in git's words or by hand: rebase the branch on main instead. */
const MAIN_MERGED_IN = /^Merge (remote-tracking )?(branch )?'?(origin\/)?main'?( of \S+)? into /;

/**
 * A merge's subject as git or the forge writes it, whatever its length: a branch or a pull
 * request merged, or the forge's own test merge of a pull request, which CI checks out.
 */
const TOOLS_MERGE =
  /^Merge (pull request #\d+ from \S+|(remote-tracking )?branch '[^']+'( of \S+)?( into \S+)?|[0-9a-f]{40} into [0-9a-f]{40})$/;

/** What is wrong with a commit's message, or undefined when it keeps the rule. */
export function commitProblem({ parents, subject }: Commit): string | undefined {
  if (parents > 1 && MAIN_MERGED_IN.test(subject))
    return 'merges main into a branch: rebase the branch on main instead (git rebase main)';
  if (parents > 1 && TOOLS_MERGE.test(subject)) return undefined;
  const length = [...subject].length;
  if (length >= SUBJECT_LIMIT)
    return `subject of ${length} characters: say what changed in under ${SUBJECT_LIMIT}, the rest in the body`;
  if (length === 0) return 'empty subject';
  return undefined;
}

/** Each commit that breaks the rule, as "hash subject\n    problem". */
export const refusals = (commits: readonly Commit[]): string[] =>
  commits.flatMap((commit) => {
    const problem = commitProblem(commit);
    return problem ? [`${commit.hash.slice(0, 10)} ${commit.subject}\n    ${problem}`] : [];
  });
