// `tsx --import ./scripts/vite-env.mjs …`: the scripts run lib/ modules in Node, where Vite's
// `import.meta.env` does not exist. There they see what a store build sees: real time.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes('/lib/') || result.source == null) return result;
  const source = String(result.source);
  return source.includes('import.meta.env') ? { ...result, source: source.replaceAll('import.meta.env', '({ MODE: "production" })') } : result;
}`),
);
