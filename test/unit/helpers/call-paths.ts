import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// A path of calls through the project's sources, read with the TypeScript parser: each hop a
// [file, function] the one before calls itself. The structure tests hold the alarm's path
// (structure/alarm-path.test.ts) and a save's (structure/save-path.test.ts) to it.

export const ROOT = resolve(__dirname, '../../..');

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
export const parse = (file: string, text: string) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** A module specifier as a project file (relative or `@/`), or undefined for a package. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(ROOT, dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((end) => base + end)
    .find((path) => existsSync(path) && !path.endsWith('/'));
  return found && /\.tsx?$/.test(found) ? relative(ROOT, found) : undefined;
}

/** Calls that take a function of the caller's and call it back in place, not from another module. */
const IN_PLACE = new Set(['map', 'filter', 'forEach', 'find', 'some', 'every', 'then', 'catch']);

type Body = ts.Node;

/** The body of the function named `name` in a file: declared, assigned to a const, or a property. */
export function functionNamed(file: string, name: string): Body | undefined {
  let found: Body | undefined;
  const isFunction = (node: ts.Node | undefined) =>
    node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
  const visit = (node: ts.Node) => {
    if (found) return;
    const named = (n: ts.Node | undefined) =>
      n !== undefined && (ts.isIdentifier(n) || ts.isStringLiteral(n)) && n.text === name;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && named(node.name))
      found = node.body;
    else if (
      (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) &&
      named(node.name) &&
      isFunction(node.initializer)
    )
      found = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(parse(file, read(file)));
  return found;
}

/**
 * The name each call in a body calls (`f()`, `a.b.f()`), with whether it is handed a function to
 * call back from elsewhere: a function given to a method (not an in-place one, like `map`) or to
 * a function the file imports.
 */
export function callsIn(body: Body, imported: ReadonlySet<string> = new Set()) {
  const calls: { name: string; handsBack: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const method = ts.isPropertyAccessExpression(callee);
      const name = ts.isIdentifier(callee) ? callee.text : method ? callee.name.text : '';
      const handsFunction = node.arguments.some(
        (arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg),
      );
      const elsewhere = method ? !IN_PLACE.has(name) : imported.has(name);
      calls.push({ name, handsBack: handsFunction && elsewhere });
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return calls;
}

/** The names a file imports from the project's own modules. */
export function importedNames(file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file, read(file)).statements)
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      resolveSpecifier(file, statement.moduleSpecifier.text) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
    )
      for (const element of statement.importClause.namedBindings.elements)
        names.add(element.name.text);
  return names;
}

/** What is wrong with a path of [file, function] hops: each line a broken rule. */
export function pathProblems(
  hops: readonly (readonly [string, string])[],
  mostHops: number,
  layers: readonly string[],
): string[] {
  const problems: string[] = [];
  if (hops.length - 1 > mostHops) problems.push(`${hops.length - 1} hops: more than ${mostHops}`);
  const bodies = hops.map(([file, name]) => functionNamed(file, name));
  hops.forEach(([file, name], i) => {
    const body = bodies[i];
    if (!body) return void problems.push(`${file}: no function ${name}`);
    const next = hops[i + 1];
    if (!next) return;
    const calls = callsIn(body, importedNames(file));
    if (!calls.some((call) => call.name === next[1]))
      problems.push(`${file} ${name} does not call ${next[1]} itself`);
    for (const call of calls.filter((c) => c.handsBack))
      problems.push(`${file} ${name} hands a function to ${call.name}, to be called back`);
    const layer = (path: string) => layers.findIndex((top) => path.startsWith(top));
    if (layer(next[0]) < layer(file)) problems.push(`${file} → ${next[0]}: up the layers`);
  });
  // A module left and come back to later: back and forth.
  const visits = hops.map(([file]) => file).filter((file, i, all) => file !== all[i - 1]);
  for (const file of new Set(visits))
    if (visits.filter((visit) => visit === file).length > 1)
      problems.push(`${file} visited twice on the way`);
  return problems;
}
