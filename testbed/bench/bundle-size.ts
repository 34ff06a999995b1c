import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip -9 size of one file. */
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

// Static imports are fetched before the page runs; `import()` (Vite writes it with backticks) only
// when the code gets there: the parts a page loads on demand.
const STATIC_IMPORTS = /(?:import|from)\s*["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORTS = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
const HTML_ASSETS = /<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g;

const resolveFrom = (root: string, from: string, spec: string) =>
  spec.startsWith('/') ? join(root, spec) : resolve(dirname(from), spec);

/** The files an entry starts from: its scripts and stylesheets (an HTML page) or itself. */
function startFiles(root: string, entry: string): string[] {
  const start = join(root, entry);
  if (!entry.endsWith('.html')) return [start];
  return [...readFileSync(start, 'utf8').matchAll(HTML_ASSETS)].map(([, src]) =>
    resolveFrom(root, start, src!),
  );
}

/** Every file reachable from `from` by the imports `pattern` matches, and by static imports beyond them, each once. */
function reach(
  root: string,
  from: string[],
  pattern: RegExp,
  seen = new Set<string>(),
): Set<string> {
  const visit = (file: string, via: RegExp) => {
    if (!file.endsWith('.js')) return;
    for (const match of readFileSync(file, 'utf8').matchAll(via)) {
      const found = resolveFrom(root, file, match[1]!);
      if (seen.has(found)) continue;
      seen.add(found);
      visit(found, STATIC_IMPORTS);
    }
  };
  for (const file of from) visit(file, pattern);
  return seen;
}

/** Every JS and CSS file an entry loads when it opens: its own and the chunks they import statically, each once. */
export function entryFiles(outDir: string, entry: string): string[] {
  const root = resolve(outDir);
  const start = startFiles(root, entry);
  return [...reach(root, start, STATIC_IMPORTS, new Set(start))];
}

/** The files an entry loads only on demand (`import()`), and what they import that it has not loaded yet. */
export function onDemandFiles(outDir: string, entry: string): string[] {
  const root = resolve(outDir);
  const atOpen = entryFiles(outDir, entry);
  return [...reach(root, atOpen, DYNAMIC_IMPORTS, new Set(atOpen))].filter(
    (file) => !atOpen.includes(file),
  );
}

export interface EntrySize {
  entry: string;
  js: number;
  css: number;
  /** What the entry loads when it opens: the figure the budgets hold. */
  total: number;
  /** What it may load later, on demand (every such part at once). */
  onDemand: number;
}

const sum = (files: string[]) => files.reduce((n, f) => n + gzipSize(f), 0);

/** Gzip sizes of an entry's JS and CSS, shared chunks included, and of the parts it loads on demand. */
export function entrySize(outDir: string, entry: string): EntrySize {
  const files = entryFiles(outDir, entry);
  const js = sum(files.filter((f) => f.endsWith('.js')));
  const css = sum(files.filter((f) => f.endsWith('.css')));
  return { entry, js, css, total: js + css, onDemand: sum(onDemandFiles(outDir, entry)) };
}

export const ENTRIES = {
  popup: 'popup.html',
  options: 'options.html',
  background: 'background.js',
} as const;

/**
 * Budgets in bytes (gzip), per entry, of what it loads when it opens. Issue 10 set 20 / 28 / 20 KB;
 * the usage history (issue 13), the activity log (issue 18) and issues 17 and 21 raised them to
 * 24 / 36 KB (popup 23.4 KB, Settings page 35.3 KB). Issue 16 (docs/benchmarks.md): each page is
 * bundled on its own (the popup no longer loads the Settings page's half of a shared chunk), and
 * what only some popup states show (a failure's lines, damaged storage, the first run) and the
 * messaging library (needed at the first click) are loaded on demand: popup 19.95 KB, options
 * page 33.6 KB. The card's later lines (issue 17) took the popup to 20 648 B; leaving out Vite's
 * preload helper where it preloads nothing (build/plain-dynamic-imports.ts) brought it
 * back under 20 KB. The Settings page met issue 16's 32 KB (34 647 B → 31 691 B, then 32 027 B
 * with the session's other changes) by loading what only one of its sections shows on demand
 * (components/settings/parts.tsx) and by opening from one file. Issue 37 (one writer, saves
 * refused when made from an older revision, checks held from the click) allowed the background
 * and the Settings page 1 KB more each, no more: 21 / 33 KB (background 21 454 B, options 33 577 B).
 * Issue 43 (saves that race) allowed 22 / 34 KB: the background plans each change over what is
 * stored and holds per page, the Settings page sends one change per click and names a refusal's
 * fields; the refusal's words load when a refusal is shown (components/settings/SaveOutcome.tsx).
 */
export const BUDGETS = { popup: 20 * 1024, options: 34 * 1024, background: 22 * 1024 } as const;

/**
 * What an entry may load on demand, on top of its budget: loading a part on demand is for parts
 * few opens need, not a way to move a page's weight out of its budget. The Settings page's are the
 * messaging library and the parts of four sections (usage history, activity log, export and
 * import, the first run's walk-through): 6.8 KB if every one is opened, as few opens do. The
 * popup's are the messaging library (at the first command) and its extras: a failure's lines and
 * fixes, damaged storage, the first run, and (issue 27) the words of a check the service's wait held
 * back, which took it from 4 KB to 4.5 KB rather than every open's budget.
 */
export const ON_DEMAND_BUDGETS = { popup: 4.5 * 1024, options: 8 * 1024, background: 0 } as const;
