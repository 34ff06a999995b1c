import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/release-notes.mjs: the CHANGELOG's section for a version, the text of its GitHub release,
// and the release workflow's first check that the CHANGELOG was prepared (docs/release.md).

const script = resolve('scripts/release-notes.mjs');
const notes = (version: string, cwd = '.') =>
  spawnSync('node', [script, version], { cwd, encoding: 'utf8' });

const scratch = mkdtempSync(join(tmpdir(), 'sk-notes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(
  join(scratch, 'CHANGELOG.md'),
  [
    '# Changelog',
    '',
    'Intro.',
    '',
    '## [Unreleased] — 1.3.0',
    '',
    '- Not out yet.',
    '',
    '## 1.2.0 — 2026-11-27',
    '',
    '- **New**: a thing.',
    '  Wrapped.',
    '',
    '## [1.1.0] — 2026-10-01',
    '',
    '- Older.',
    '',
    '## 1.0.0',
    '',
  ].join('\n'),
);

describe('release notes', () => {
  it("are the CHANGELOG's section for package.json's version", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const { status, stdout } = notes(version);
    expect(status).toBe(0);
    expect(stdout.trim().length).toBeGreaterThan(0);
    expect(readFileSync('CHANGELOG.md', 'utf8')).toContain(`\n${stdout.trim()}\n`);
    expect(stdout).not.toContain('\n## ');
  });

  it.each([
    ['1.2.0', '- **New**: a thing.\n  Wrapped.\n'],
    ['1.1.0', '- Older.\n'],
  ])('of %s: the lines under its heading, up to the next', (version, text) => {
    const { status, stdout } = notes(version, scratch);
    expect(status).toBe(0);
    expect(stdout).toBe(text);
  });

  it.each([
    ['1.3.0', 'still under Unreleased'],
    ['1.0.0', 'an empty section'],
    ['0.9.0', 'no section'],
  ])('of %s (%s): none, and one line saying what to do', (version) => {
    const { status, stdout, stderr } = notes(version, scratch);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `CHANGELOG.md has no section for ${version}: turn "Unreleased" into "## ${version} — <date>" with what users will notice (docs/release.md)\n`,
    );
  });
});
