import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  STORED_NAMES,
  type Migration,
  type StoredName,
} from '@/lib/store/stored-names';
import {
  keptReleases,
  RELEASE_BUILDS,
  releaseBuild,
  releaseNames,
  type ReleaseNames,
} from '../../../testbed/kept-releases';
import { sourceFiles, STORED_VALUE_TYPES, storedTypes } from '../../../testbed/stored-fields';

// Stored names are a contract with every installed copy: what each kept release stored (its
// record, test/fixtures/releases/<version>/stored-names.json: keys and versions, alarms,
// notification id prefixes, the fields inside each value and the type stored in each: its kinds
// and literal values) is still used as it stored it, or a migration is listed for it, whose
// function an update test imports and asserts what it makes of that release's stored data. Every
// release in the CHANGELOG is kept. And the product reads and writes storage only through lib/store.

const ROOT = resolve(__dirname, '../../..');
const releases = keptReleases().map(releaseNames);
const UPDATE_TESTS = [
  'test/unit/scenarios/update-from-kept-releases.test.ts',
  'test/e2e/update.test.ts',
  'test/e2e-firefox/update.test.ts',
];

/** What the current code stores, read from its sources as each release's record was. */
const currentTypes = storedTypes(
  ROOT,
  Object.fromEntries(Object.keys(STORED_NAMES.keys).map((key) => [key, STORED_VALUE_TYPES[key]!])),
);
const current = {
  fields: Object.fromEntries(
    Object.entries(currentTypes).map(([key, paths]) => [key, Object.keys(paths)]),
  ),
  types: currentTypes,
  notificationPrefixes: STORED_NAMES.notificationPrefixes,
};

/** A field's type as a stored name: `<path>: <type>` (a field path holds no `: `). */
const typedField = (path: string, type: string) => `${path}: ${type}`;
/** The kinds and literal values of a recorded type. */
const kindsOf = (type: string) => type.split(' | ');

/**
 * Whether what a release stored at a field is read as such now: each kind and literal value it
 * stored is one the code stores (a kind added is no change for what is stored; one renamed,
 * dropped or turned into another type is).
 */
function isCurrentType(key: string, field: string): boolean {
  const [path, type] = field.split(/: (.*)/s) as [string, string];
  const now = current.types[key]?.[path];
  return now !== undefined && kindsOf(type).every((kind) => kindsOf(now).includes(kind));
}

const sameName = (a: StoredName, b: StoredName) => JSON.stringify(a) === JSON.stringify(b);
const migrationFrom = (name: StoredName) =>
  MIGRATIONS.find((migration) => sameName(migration.from, name));

/** Whether the current code stores this name as it is given. */
function isCurrent(name: StoredName): boolean {
  if ('alarm' in name) return STORED_NAMES.alarms.includes(name.alarm);
  if ('notificationPrefix' in name)
    return current.notificationPrefixes.includes(name.notificationPrefix);
  if ('field' in name)
    return name.field.includes(': ')
      ? isCurrentType(name.key, name.field)
      : (current.fields[name.key]?.includes(name.field) ?? false);
  return name.key in STORED_NAMES.keys && STORED_NAMES.keys[name.key] === name.version;
}

/** Every name a release's record lists. */
const namesOf = (release: ReleaseNames): StoredName[] => [
  ...Object.entries(release.keys).map(([key, version]) => ({ key, version })),
  ...release.alarms.map((alarm) => ({ alarm })),
  ...release.notificationPrefixes.map((notificationPrefix) => ({ notificationPrefix })),
  ...Object.entries(release.fields).flatMap(([key, fields]) =>
    fields.map((field) => ({ key, field })),
  ),
  ...Object.entries(release.types).flatMap(([key, paths]) =>
    Object.entries(paths).map(([path, type]) => ({ key, field: typedField(path, type) })),
  ),
];

/** The releases the CHANGELOG names (`## x.y.z — date`; Unreleased is none). */
const changelogReleases = (changelog: string) =>
  [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map(([, version]) => version!);

describe('stored names: a contract with every installed copy', () => {
  it('every release in the CHANGELOG is kept, with its test builds of its version and its commit', () => {
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(changelogReleases(changelog).length).toBeGreaterThan(0);
    expect(releases.map((release) => release.version)).toEqual(
      expect.arrayContaining(changelogReleases(changelog)),
    );
    for (const release of releases) {
      expect(release.commit, release.version).toMatch(/^[0-9a-f]{40}$/);
      for (const browser of Object.keys(RELEASE_BUILDS) as (keyof typeof RELEASE_BUILDS)[]) {
        const manifest = join(releaseBuild(release.version, browser), 'manifest.json');
        expect(existsSync(manifest), manifest).toBe(true);
        expect(JSON.parse(readFileSync(manifest, 'utf8')).version, manifest).toBe(release.version);
      }
    }
  });

  it('every stored key has the type of its value listed, for its fields (testbed/stored-fields.ts)', () => {
    expect(Object.keys(STORED_NAMES.keys).filter((key) => !(key in STORED_VALUE_TYPES))).toEqual(
      [],
    );
  });

  it('a CHANGELOG release is read as one, and Unreleased is not', () => {
    expect(
      changelogReleases('# C\n\n## Unreleased\n\n## 0.3.0 — 2027-01-05\n\n## 0.2.0\n'),
    ).toEqual(['0.3.0', '0.2.0']);
  });

  it('the current code is read as the records are: fields inside values, notification prefixes', () => {
    expect(current.fields['local:settings']).toEqual(
      expect.arrayContaining(['keepAliveHours', 'refreshMinutes', 'notifyKeepAlive']),
    );
    expect(current.fields['local:snapshots']).toEqual(
      expect.arrayContaining([
        '*.keepAlive.lastSuccessAt',
        '*.refresh.failure.kind',
        '*.alerts.keepAliveNotices',
      ]),
    );
    expect(current.notificationPrefixes).toContain('keep-alive');
    expect(current.types['local:accounts']).toMatchObject({ '[].keyForm': "'header' | 'matrix'" });
    expect(kindsOf(current.types['local:snapshots']!['*.refresh.failure.kind']!)).toEqual(
      expect.arrayContaining(["'network'", "'timeout'", "'server-error'"]),
    );
    expect(current.types['local:settings']).toMatchObject({ refreshMinutes: 'number' });
  });

  it('a type stored otherwise is a change: a literal renamed or dropped, another kind; a literal added is none', () => {
    const accounts = current.types['local:accounts']!;
    const keyForm = (type: string) =>
      isCurrent({ key: 'local:accounts', field: typedField('[].keyForm', type) });
    expect(keyForm(accounts['[].keyForm']!)).toBe(true);
    expect(keyForm("'header'")).toBe(true);
    expect(keyForm("'header' | 'address'")).toBe(false);
    expect(keyForm('string')).toBe(false);
    expect(
      isCurrent({ key: 'local:settings', field: typedField('refreshMinutes', 'string') }),
    ).toBe(false);
    expect(
      isCurrent({ key: 'local:settings', field: typedField('intervalSeconds', 'number') }),
    ).toBe(false);
  });

  it.each(releases)(
    'what $version stored (keys, versions, alarms, notification prefixes, fields) is still used so, or has a migration listed',
    (release) => {
      expect(Object.keys(release.fields).sort()).toEqual(Object.keys(release.keys).sort());
      const unmigrated = namesOf(release).filter(
        (name) => !isCurrent(name) && !migrationFrom(name),
      );
      expect(
        unmigrated,
        'changed without a migration in MIGRATIONS (lib/store/stored-names.ts)',
      ).toEqual([]);
    },
  );

  it("each migration starts from a name a kept release stored, ends in one the code uses, and its update test asserts what its function makes of that release's stored data", () => {
    const stored = releases.flatMap(namesOf);
    for (const migration of MIGRATIONS) {
      expect(
        stored.some((name) => sameName(name, migration.from)),
        JSON.stringify(migration.from),
      ).toBe(true);
      expect(isCurrent(migration.to), JSON.stringify(migration.to)).toBe(true);
      expect(
        migrationProblems(migration, (path) => readFileSync(join(ROOT, path), 'utf8')),
      ).toEqual([]);
    }
  });

  it('a migration whose function the update test only names as text, or does not call, is refused', () => {
    const module = 'export function carryOver(old: unknown) { return old; }';
    const migration: Migration = {
      from: { key: 'local:settings', field: 'keepAliveHours' },
      to: { key: 'local:settings', field: 'signInHours' },
      by: 'lib/store/items.ts#carryOver',
      test: 'test/e2e/update.test.ts',
    };
    const files = (test: string) => (path: string) =>
      path === migration.test ? test : path === 'lib/store/items.ts' ? module : '';
    const imports =
      "import { carryOver } from '../../lib/store/items';\nimport { releaseStoredData } from '../../testbed/kept-releases';\n";
    expect(
      migrationProblems(
        migration,
        files(
          `${imports}const old = releaseStoredData('0.1.0').storage.settings;\nit('x', () => expect(carryOver(old)).toEqual({ signInHours: 12 }));`,
        ),
      ),
    ).toEqual([]);
    expect(
      migrationProblems(migration, files("// carryOver, signInHours\nit('x', () => {});")),
    ).toEqual([`${migration.test} does not import carryOver from lib/store/items.ts`]);
    expect(migrationProblems(migration, files(imports))).toEqual([
      `${migration.test} never asserts what carryOver makes of a kept release's stored data (expect(carryOver(releaseStoredData(…)…)))`,
    ]);
    // Called, but on a value of the test's own, or with nothing asserted of its result.
    expect(
      migrationProblems(
        migration,
        files(`${imports}it('x', () => expect(carryOver({ keepAliveHours: 12 })).toBeDefined());`),
      ),
    ).toHaveLength(1);
    expect(
      migrationProblems(
        migration,
        files(`${imports}it('x', () => carryOver(releaseStoredData('0.1.0').storage.settings));`),
      ),
    ).toHaveLength(1);
    expect(
      migrationProblems({ ...migration, by: 'lib/store/items.ts#gone' }, files('')).join(),
    ).toContain('exports no function gone');
    expect(migrationProblems({ ...migration, test: 'test/unit/x.test.ts' }, files(''))).toContain(
      'test/unit/x.test.ts is not an update test',
    );
  });

  it('the code names storage keys and alarms only through lib/store/stored-names.ts', () => {
    expect(namesOutsideTheList()).toEqual([]);
  });

  it('the product (lib/ outside lib/store, components/, entrypoints/) reaches storage only through lib/store', () => {
    expect(storageOutsideTheStore(productFiles())).toEqual([]);
  });

  it('a storage call outside lib/store is found however it is spelled', () => {
    const found = (text: string) => storageUses('x.ts', text);
    expect(found('await browser.storage.local.set({ x: 1 });')).toHaveLength(1);
    expect(found("chrome.storage.sync.get('k');")).toHaveLength(1);
    expect(found("const area = browser['storage'].local;")).toHaveLength(1);
    expect(found('const { local } = browser.storage;')).toHaveLength(1);
    expect(found("import { storage } from '@wxt-dev/storage';")).toHaveLength(1);
    expect(found("import { storage } from '#imports';")).toHaveLength(1);
    expect(found("import { storage as s } from 'wxt/utils/storage';")).toHaveLength(1);
    expect(found("const key = ['lo', 'cal:x'].join(''); export { key };")).toEqual([]);
    expect(found("import { watchStorage } from '@/lib/store/watch-storage';")).toEqual([]);
  });

  it('each key is named in docs/architecture.md', () => {
    const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const keys = Object.keys(STORED_NAMES.keys).map((key) => key.replace(/^\w+:/, ''));
    expect(keys.filter((key) => !architecture.includes(`\`${key}\``))).toEqual([]);
  });
});

/**
 * What is wrong with a migration: its function (`by`, `<module>#<export>`) is not exported by
 * its module, or its update test does not import it from there and assert what it makes of a
 * kept release's stored data: `expect(by(…))` whose arguments come from releaseStoredData (in
 * the call, or through a constant made from it).
 */
function migrationProblems(migration: Migration, read: (path: string) => string): string[] {
  const [module, name] = migration.by.split('#') as [string, string | undefined];
  if (!UPDATE_TESTS.includes(migration.test)) return [`${migration.test} is not an update test`];
  const problems: string[] = [];
  const moduleSource = ts.createSourceFile(module, read(module), ts.ScriptTarget.Latest, true);
  const exported = moduleSource.statements.some(
    (statement) =>
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) &&
      ((ts.isFunctionDeclaration(statement) && statement.name?.text === name) ||
        (ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some(
            (d) =>
              ts.isIdentifier(d.name) &&
              d.name.text === name &&
              d.initializer !== undefined &&
              (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)),
          ))),
  );
  if (!name || !exported) problems.push(`${module} exports no function ${name}`);
  const test = ts.createSourceFile(
    migration.test,
    read(migration.test),
    ts.ScriptTarget.Latest,
    true,
  );
  const local = test.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      return [];
    const from = statement.moduleSpecifier.text;
    const path = from.startsWith('@/')
      ? from.slice(2)
      : join(dirname(migration.test), from).replace(/\\/g, '/');
    if (path !== module.replace(/\.tsx?$/, '')) return [];
    const bindings = statement.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings)
      ? bindings.elements
          .filter((e) => (e.propertyName ?? e.name).text === name)
          .map((e) => e.name.text)
      : [];
  })[0];
  if (!local) {
    problems.push(`${migration.test} does not import ${name} from ${module}`);
    return problems;
  }
  // The constants made from a kept release's stored data, and the calls that hand it on.
  const fromRelease = new Set<string>();
  const readsRelease = (node: ts.Node) =>
    /\breleaseStoredData\(/.test(node.getText(test)) ||
    [...fromRelease].some((constant) => new RegExp(`\\b${constant}\\b`).test(node.getText(test)));
  const findConstants = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      readsRelease(node.initializer)
    )
      fromRelease.add(node.name.text);
    ts.forEachChild(node, findConstants);
  };
  findConstants(test);
  let asserted = false;
  const visit = (node: ts.Node) => {
    const subject =
      ts.isCallExpression(node) && /^expect\b/.test(node.expression.getText(test))
        ? node.arguments[0]
        : undefined;
    if (
      subject &&
      ts.isCallExpression(subject) &&
      ts.isIdentifier(subject.expression) &&
      subject.expression.text === local &&
      subject.arguments.some(readsRelease)
    )
      asserted = true;
    ts.forEachChild(node, visit);
  };
  visit(test);
  if (!asserted)
    problems.push(
      `${migration.test} never asserts what ${name} makes of a kept release's stored data (expect(${name}(releaseStoredData(…)…)))`,
    );
  return problems;
}

/** Source files of the extension (what a build bundles). */
const productFiles = () =>
  ['lib', 'components', 'entrypoints'].flatMap((folder) => sourceFiles(ROOT, folder));

/**
 * Each place outside the list that spells a stored name itself: a storage key literal
 * (`local:…`), or an alarm API called with a literal name.
 */
function namesOutsideTheList(): string[] {
  return productFiles()
    .filter((file) => file !== 'lib/store/stored-names.ts')
    .flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
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

/** The uses of storage in product files outside lib/store. */
const storageOutsideTheStore = (files: string[]) =>
  files
    .filter((file) => !file.startsWith('lib/store/'))
    .flatMap((file) => storageUses(file, readFileSync(join(ROOT, file), 'utf8')));

/** @wxt-dev/storage, under its own name or WXT's. */
const STORAGE_MODULE = /^(@wxt-dev\/storage|wxt\/(utils\/)?storage)$/;

/** The names an import takes from its module. */
const importedNames = (node: ts.ImportDeclaration): string[] => {
  const bindings = node.importClause?.namedBindings;
  return bindings && ts.isNamedImports(bindings)
    ? bindings.elements.map((e) => (e.propertyName ?? e.name).text)
    : [];
};

/**
 * Each use of an extension storage API in a source text: any `.storage` or `['storage']` (the
 * browser's, chrome's, the polyfill's), and any import of @wxt-dev/storage's `storage`, whatever
 * key it is then given.
 */
function storageUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isStorage =
      (ts.isPropertyAccessExpression(node) && node.name.text === 'storage') ||
      (ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === 'storage') ||
      (ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        (STORAGE_MODULE.test(node.moduleSpecifier.text) ||
          (/^(#imports|wxt\/)/.test(node.moduleSpecifier.text) &&
            importedNames(node).includes('storage'))));
    if (isStorage) found.push(`${file}: ${node.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
