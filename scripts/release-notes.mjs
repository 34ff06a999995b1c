// `node scripts/release-notes.mjs <version>`: the CHANGELOG's section for that version, the text of
// its GitHub release. The release workflow runs it first, before the tests: a version whose
// section is missing (still "Unreleased") or empty stops the release with one line.
// Plain Node, no dependencies: that first check runs before `npm ci`.
import { readFileSync } from 'node:fs';

const version = process.argv[2];
const lines = readFileSync('CHANGELOG.md', 'utf8').split('\n');
// "## 0.2.0 — 2026-11-27" or "## [0.2.0] …"; never "## [Unreleased] — 0.2.0".
const heading = (line) => /^## \[?(\d+\.\d+\.\d+)\]?(\s|$)/.exec(line)?.[1];
const start = lines.findIndex((line) => heading(line) === version);
const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
const notes =
  start < 0
    ? ''
    : lines
        .slice(start + 1, end < 0 ? undefined : end)
        .join('\n')
        .trim();
if (!notes) {
  console.error(
    `CHANGELOG.md has no section for ${version}: turn "Unreleased" into "## ${version} — <date>" with what users will notice (docs/release.md)`,
  );
  process.exit(1);
}
console.log(notes);
