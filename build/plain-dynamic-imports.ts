import type { Plugin } from 'vite';

// Vite wraps every `import()` of a page in its preload helper (`__vitePreload(() => import(…), deps)`),
// even when there is nothing to preload (vitejs/vite#13952): 0.7 KB gzip in each page that loads a
// part on demand. Where the parts a chunk imports on demand bring no code of their own that the
// chunk has not loaded already (each page is bundled on its own, so its on-demand parts import only
// from it), the helper would preload nothing: the `import()` is left plain and the helper goes with
// it. A chunk that would preload something keeps it; a part with a stylesheet (which only the
// helper would load) fails the build.

const MARKER = ', __VITE_PRELOAD__)';

interface ChunkGraph {
  imports: string[];
}

/** A chunk and every chunk it imports statically, each once. */
function staticClosure(
  name: string,
  chunks: Record<string, ChunkGraph | undefined>,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const next of chunks[name]?.imports ?? []) staticClosure(next, chunks, seen);
  return seen;
}

export function plainDynamicImports(): Plugin {
  // Chunks by the names renderChunk sees, before hashing (an output chunk's preliminaryFileName).
  const unwrapped = new Set<string>();
  return {
    name: 'storage-keeper:plain-dynamic-imports',
    apply: 'build',
    enforce: 'post',
    renderChunk(code, chunk, _options, meta) {
      if (!code.includes(MARKER)) return null;
      const chunks = meta.chunks as Record<string, ChunkGraph | undefined>;
      const loaded = staticClosure(chunk.fileName, chunks);
      const preloadsNothing = chunk.dynamicImports.every((part) =>
        [...staticClosure(part, chunks)].every((file) => file === part || loaded.has(file)),
      );
      if (!preloadsNothing) return null;
      unwrapped.add(chunk.fileName);
      // `__vitePreload(factory, __VITE_PRELOAD__)` → `(factory)()`: the factory is what the helper calls.
      return { code: code.replaceAll('__vitePreload(', '(').replaceAll(MARKER, ')()'), map: null };
    },
    generateBundle(_options, bundle) {
      for (const host of Object.values(bundle)) {
        if (host.type !== 'chunk' || !unwrapped.has(host.preliminaryFileName)) continue;
        for (const part of host.dynamicImports) {
          const target = bundle[part];
          if (target?.type === 'chunk' && (target.viteMetadata?.importedCss.size ?? 0) > 0) {
            this.error(
              `${part}, loaded on demand by ${host.fileName}, has a stylesheet that only Vite's preload helper would load`,
            );
          }
        }
      }
      unwrapped.clear();
    },
  };
}
