import { spawn } from 'node:child_process';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an npm script headless (no display) as a shell would, outside vitest's environment. */
export function npm(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const base = { ...process.env };
  // No display: the headless demo. vitest's NODE_ENV=test would build development libraries.
  for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'NODE_ENV']) delete base[name];
  const child = spawn('npm', args, { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
