// Writes docs/file-map.md, the map of the product's and the tools' files, from the code: each
// file's line is the first sentence of its own comment, so no line of it is kept by hand.
//   npm run docs:map               writes the map
//   npm run docs:map -- --check    exits 1, naming what differs, when the map is out of date
//   npm run docs:map -- --check --map <file>    compares <file> instead (the map's test)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const ROOT = resolve(import.meta.dirname, '..');
const mapAt = args.indexOf('--map');
const MAP = mapAt >= 0 ? resolve(args[mapAt + 1]!) : join(ROOT, 'docs/file-map.md');
const FOLDERS = ['entrypoints', 'components', 'lib', 'build', 'testbed', 'scripts', '.ci'];
const SOURCE = /\.(ts|tsx|mjs|cjs|js|sh)$/;
/** Comments that instruct a tool rather than say what a file is. */
const DIRECTIVE = /^(eslint|@ts-|prettier-ignore|@vitest-environment|global |@jsx)/;

/** The files mapped: committed or new, not ignored, in the product's and the tools' folders. */
function mappedFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  return [
    ...new Set(listed.split('\n').filter((f) => SOURCE.test(f) && existsSync(join(ROOT, f)))),
  ].sort();
}

/** A comment's text without its markers (`//`, `/**`, ` * `, `#`). */
const commentText = (comment: string) =>
  comment
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|\*(?=\s|$)|#+)?\s?/, '').trim())
    .join(' ')
    .trim();

/** A statement's exported name, if it exports one declaration (not a list, not a re-export). */
function exportedName(statement: ts.Statement): string | undefined {
  if (ts.isExportAssignment(statement)) return 'default';
  if (!ts.canHaveModifiers(statement)) return undefined;
  if (!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations[0]?.name.getText();
  const { name } = statement as { name?: ts.Node };
  return name?.getText();
}

/** The comment blocks before a statement (line comments with no blank line between are one). */
function blocksBefore(text: string, statement: ts.Statement) {
  const blocks: { text: string; end: number }[] = [];
  for (const range of ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []) {
    const comment = text.slice(range.pos, range.end);
    if (DIRECTIVE.test(commentText(comment))) continue;
    const last = blocks.at(-1);
    const gap = last ? text.slice(last.end, range.pos) : '';
    if (last && range.kind === ts.SyntaxKind.SingleLineCommentTrivia && !/\n\s*\n/.test(gap))
      Object.assign(last, { text: `${last.text}\n${comment}`, end: range.end });
    else blocks.push({ text: comment, end: range.end });
  }
  return blocks.filter((block) => commentText(block.text));
}

/**
 * What a TypeScript or JavaScript source says it is: the comment at its top, or one standing
 * apart (a blank line after it) before its first statement after the imports; a file without one
 * has the doc comment of its first documented export, with that export's name.
 */
function ownComment(path: string, text: string): { text: string; of?: string } | undefined {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const { statements } = source;
  const afterImports = statements.find((s) => !ts.isImportDeclaration(s));
  const apart = (block: { end: number }) =>
    /\n\s*\n/.test(text.slice(block.end, afterImports!.getStart(source)));
  const top = statements[0] && blocksBefore(text, statements[0])[0];
  const header =
    afterImports && afterImports !== statements[0]
      ? blocksBefore(text, afterImports).find(apart)
      : undefined;
  if (top ?? header) return top ?? header;
  for (const statement of statements) {
    const of = exportedName(statement);
    const doc = of && blocksBefore(text, statement).at(-1);
    if (doc) return { text: doc.text, of };
  }
  return undefined;
}

/** A shell script's first comment block, after its shebang. */
const shellComment = (text: string) => /^(#!.*\n)?\s*((#.*\n)+)/.exec(text)?.[2]?.trimEnd();

/** A purpose longer than this is cut at its first clause that is long enough. */
const LONG = 160;
/** A text's first sentence (no stop in `code`, asides or abbreviations); a long one to a colon. */
function firstSentence(text: string): string {
  const masked = text
    .replace(/`[^`]*`/g, (code) => 'x'.repeat(code.length))
    .replace(/\([^()]*\)/g, (aside) => 'x'.repeat(aside.length));
  const stop = /(?<!\b(e\.g|i\.e|etc|vs))[.!?](?=\s|$)/.exec(masked);
  const sentence = stop ? text.slice(0, stop.index + 1) : text;
  if (sentence.length <= LONG) return sentence;
  const clause = /[:;](?=\s)/g;
  clause.lastIndex = 30;
  const cut = clause.exec(masked.slice(0, sentence.length));
  return cut ? `${text.slice(0, cut.index)}…` : sentence;
}

/** What a file says it is: the first sentence of its own comment (or its first export's). */
function purposeOf(path: string, text: string): string | undefined {
  const shell = path.endsWith('.sh') ? shellComment(text) : undefined;
  const comment = shell !== undefined ? { text: shell } : ownComment(path, text);
  const said = comment && commentText(comment.text);
  if (!said) return undefined;
  return comment.of ? `${firstSentence(said)} (\`${comment.of}\`)` : firstSentence(said);
}

const files = mappedFiles();
const lines = files.map((file) => {
  const purpose = purposeOf(file, readFileSync(join(ROOT, file), 'utf8'));
  return { file, line: `- [\`${basename(file)}\`](../${file}): ${purpose ?? '*(no comment)*'}` };
});
const map = [
  '# File map\n',
  '<!-- Made by `npm run docs:map` from the code; a unit test fails when it is out of date. -->\n',
  `Every source file of the product and the tools (${files.length}), by folder, with the first`,
  "sentence of the comment at its top; a file without one shows its first documented export's",
  "doc comment, that export named in brackets. To change a line, change the file's comment and",
  'run `npm run docs:map`. The design and the rules: [architecture.md](architecture.md).\n',
  ...[...Map.groupBy(lines, ({ file }) => dirname(file))].map(
    ([folder, inFolder]) => `## ${folder}/\n\n${inFolder.map(({ line }) => line).join('\n')}\n`,
  ),
].join('\n');

const shown = relative(ROOT, MAP);
const now = existsSync(MAP) ? readFileSync(MAP, 'utf8') : '';
if (!args.includes('--check')) writeFileSync(MAP, map);
else if (now !== map) {
  const was = new Set(now.split('\n'));
  const will = new Set(map.split('\n'));
  console.error(
    `${shown} is out of date: run \`npm run docs:map\` and commit it. Lines that differ:`,
  );
  for (const line of will.difference(was)) console.error(`+ ${line}`);
  for (const line of was.difference(will)) console.error(`- ${line}`);
  process.exit(1);
}
console.log(`${shown}: ${files.length} files${args.includes('--check') ? ', up to date' : ''}.`);
