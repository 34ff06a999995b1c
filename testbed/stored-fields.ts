import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// The field names inside each stored value, and the type stored in each, read from a source
// tree's own types with the TypeScript checker: a renamed field loses the user's value as surely
// as a renamed key, and a value stored in another type or spelling (a key form renamed, a kind
// of failure gone) is read as damaged. Used on
// this checkout (test/unit/structure/stored-names.test.ts) and on a release's sources when its
// record is written (scripts/releases.ts), with the types the record names.

/**
 * Each stored item's value as a type of the source tree it is read in: what the code writes
 * under that key. The histories and activity logs are written as `{ identity, points|entries }`
 * with the points or entries packed in one string (lib/store/writes.ts: recordCheck),
 * a format of its own that their own tests hold.
 */
export const STORED_VALUE_TYPES: Record<string, string> = {
  'local:accounts': "import('./lib/store/accounts').Account[]",
  'local:settings': "import('./lib/store/settings').StoredSettings",
  'local:snapshots': "Record<string, import('./lib/store/account-state').StoredAccountSnapshot>",
  'local:history': 'Record<string, { identity: string; points: string }>',
  'local:recentHistory': "ReturnType<typeof import('./lib/store/history').recentPart>",
  'local:activity': 'Record<string, { identity: string; entries: string }>',
  'local:setupOpened': 'boolean',
};

/**
 * Every field path inside each stored value, sorted: `a.b` for a field of a field, `*` for any
 * key of a map (the snapshots by account id), `[]` for a list's entries. Fields of every variant
 * of a union are listed (each failure kind's).
 */
export function storedFields(
  root: string,
  types: Record<string, string>,
): Record<string, string[]> {
  const typed = storedTypes(root, types);
  return Object.fromEntries(Object.entries(typed).map(([key, paths]) => [key, Object.keys(paths)]));
}

/**
 * Each field path inside each stored value (as storedFields spells it) with the type of what is
 * stored there, as the source tree declares it: its kinds and literal values, sorted and joined
 * by ` | `: `'header' | 'matrix'` for the key forms, every failure kind for `kind`, `number |
 * undefined` for an optional count, `object` where fields go on below. A value stored in another
 * type or spelling than a release's record says is a change that needs a migration. A value read
 * in another unit keeps its type: the update from each kept release holds that, by what the
 * current code makes of the release's values (test/unit/scenarios/update-from-kept-releases.test.ts).
 */
export function storedTypes(
  root: string,
  types: Record<string, string>,
): Record<string, Record<string, string>> {
  const entry = join(root, '__stored-values.ts');
  const text = `export interface StoredValues {\n${Object.entries(types)
    .map(([key, type]) => `  ${JSON.stringify(key)}: ${type};`)
    .join('\n')}\n}\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    baseUrl: root,
    paths: { '@/*': ['./*'], '~/*': ['./*'] },
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === entry
      ? ts.createSourceFile(name, text, language)
      : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === entry || fileExists(name);
  host.readFile = (name) => (name === entry ? text : readFile(name));
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry)!;
  const problems = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (problems.length > 0)
    throw new Error(`${root}: the stored types do not resolve: ${problems.join('; ')}`);
  const declaration = source.statements.find(ts.isInterfaceDeclaration)!;
  const stored = checker.getTypeAtLocation(declaration);

  /** What one type (not a union) is, as a record spells it. */
  const kindOf = (type: ts.Type): string => {
    if (type.isStringLiteral()) return `'${type.value}'`;
    if (type.isNumberLiteral()) return String(type.value);
    if (type.flags & ts.TypeFlags.BooleanLiteral) return 'boolean';
    if (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return 'object';
    return checker.typeToString(type);
  };
  const walk = (type: ts.Type, path: string, seen: ts.Type[], into: Map<string, Set<string>>) => {
    if (path) {
      const kinds = into.get(path) ?? new Set<string>();
      into.set(path, kinds);
      if (!type.isUnion()) kinds.add(kindOf(type));
    }
    if (seen.includes(type)) return;
    const within = [...seen, type];
    if (type.isUnion()) {
      for (const part of type.types) walk(part, path, within, into);
      return;
    }
    if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return;
    if (checker.isTupleType(type)) return;
    const at = (name: string) => (path ? `${path}.${name}` : name);
    if (checker.isArrayType(type)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0]!;
      walk(element, at('[]'), within, into);
      return;
    }
    const index = type.getStringIndexType();
    if (index) walk(index, at('*'), within, into);
    for (const property of checker.getPropertiesOfType(type))
      walk(checker.getTypeOfSymbol(property), at(property.name), within, into);
  };

  return Object.fromEntries(
    checker.getPropertiesOfType(stored).map((item) => {
      const paths = new Map<string, Set<string>>();
      walk(checker.getTypeOfSymbol(item), '', [], paths);
      const sorted = [...paths].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return [
        item.name,
        Object.fromEntries(sorted.map(([path, kinds]) => [path, [...kinds].sort().join(' | ')])),
      ];
    }),
  );
}

/** Storage areas and address schemes: spelled like a prefix, never a notification's. */
const NOT_A_NOTICE = /^(local|session|sync|managed|https?):$/;

/**
 * The notification id prefixes a source tree spells in its ids (`usage` in `usage:${account.id}`):
 * each string or template head spelled as a lower-case word and a colon, in the modules of lib/
 * and entrypoints/ that speak of notices or notifications. For the releases that do not list
 * them (0.1.0, 0.2.0; later ones list NOTICE_ID_PREFIX in STORED_NAMES).
 */
export function notificationPrefixes(root: string): string[] {
  const found = new Set<string>();
  const files = ['lib', 'entrypoints'].flatMap((folder) => sourceFiles(root, folder));
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!/notice|notification/i.test(text)) continue;
    const visit = (node: ts.Node) => {
      const spelled = ts.isStringLiteralLike(node)
        ? node.text
        : ts.isTemplateHead(node)
          ? node.text
          : undefined;
      if (spelled !== undefined && /^[a-z][a-z-]*:$/.test(spelled) && !NOT_A_NOTICE.test(spelled))
        found.add(spelled.slice(0, -1));
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  return [...found].sort();
}

/** The TypeScript sources under a folder of a tree, tests and declarations left out. */
export function sourceFiles(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(name) && !/\.(d|test)\.tsx?$/.test(name) ? [path] : [];
  });
}
