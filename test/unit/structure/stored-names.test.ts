import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, STORED_NAMES, type Migration } from '@/lib/store/stored-names';
import {
  LAST_RELEASE,
  RELEASES_DIR,
  releaseNames,
  type ReleaseNames,
} from '../../../scripts/last-release';

// Stored names are a contract with every installed copy: what each release stored (its record in
// test/fixtures/releases/<version>/stored-names.json) is still read under the same name at the same
// version, or a migration is listed for it, with the test of the update that runs it. And the
// code names what it stores and its alarms only through lib/store/stored-names.ts.

const ROOT = resolve(__dirname, '../../..');
const releases = readdirSync(RELEASES_DIR).map(releaseNames);

type Name = Migration['from'];
const sameName = (a: Name, b: Name) => JSON.stringify(a) === JSON.stringify(b);
const migrationFrom = (name: Name) =>
  MIGRATIONS.find((migration) => sameName(migration.from, name));

/** Whether the current code stores this name: the key at this version, or the alarm. */
const isCurrent = (name: Name) =>
  'alarm' in name
    ? STORED_NAMES.alarms.includes(name.alarm)
    : name.key in STORED_NAMES.keys && STORED_NAMES.keys[name.key] === name.version;

/** A release's names that the current code does not use as that release stored them. */
function changedSince(release: ReleaseNames): Name[] {
  const names: Name[] = [
    ...Object.entries(release.keys).map(([key, version]) => ({ key, version })),
    ...release.alarms.map((alarm) => ({ alarm })),
  ];
  return names.filter((name) => !isCurrent(name));
}

describe('stored names: a contract with every installed copy', () => {
  it(`the last release (${LAST_RELEASE.version}) is recorded, from its commit`, () => {
    expect(releases.find((release) => release.version === LAST_RELEASE.version)?.commit).toBe(
      LAST_RELEASE.commit,
    );
  });

  it.each(releases)(
    'what $version stored is still read under its name at its version, or has a migration listed',
    (release) => {
      const unmigrated = changedSince(release).filter((name) => !migrationFrom(name));
      expect(
        unmigrated,
        'changed without a migration in MIGRATIONS (lib/store/stored-names.ts)',
      ).toEqual([]);
    },
  );

  it('each migration ends in a name the code uses, and names its update test, which checks the new name', () => {
    for (const migration of MIGRATIONS) {
      expect(isCurrent(migration.to), JSON.stringify(migration.to)).toBe(true);
      expect(existsSync(join(ROOT, migration.test)), migration.test).toBe(true);
      const test = readFileSync(join(ROOT, migration.test), 'utf8');
      const newName =
        'alarm' in migration.to ? migration.to.alarm : migration.to.key.replace(/^\w+:/, '');
      expect(test, `${migration.test} never mentions ${newName}`).toContain(newName);
    }
  });

  it('the code names storage keys and alarms only through lib/store/stored-names.ts', () => {
    expect(namesOutsideTheList()).toEqual([]);
  });

  it('each key is named in docs/architecture.md', () => {
    const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const keys = Object.keys(STORED_NAMES.keys).map((key) => key.replace(/^\w+:/, ''));
    expect(keys.filter((key) => !architecture.includes(`\`${key}\``))).toEqual([]);
  });
});

/** Source files of the extension (what a build bundles). */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Each place outside the list that spells a stored name itself: a storage key literal
 * (`local:…`), or an alarm API called with a literal name.
 */
function namesOutsideTheList(): string[] {
  const files = ['lib', 'components', 'entrypoints']
    .flatMap(sources)
    .filter((file) => file !== 'lib/store/stored-names.ts');
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (!/(local|session|sync|managed):|alarms\./.test(text)) return [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) && /^(local|session|sync|managed):/.test(node.text))
        found.push(`${file}: '${node.text}'`);
      if (
        ts.isCallExpression(node) &&
        /\balarms\.\w+$/.test(node.expression.getText(source)) &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        found.push(`${file}: ${node.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}
