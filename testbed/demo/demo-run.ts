import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { builtByCi } from '../../.ci/built';

// What `npm start` and `npm run start:firefox` share: named steps that fail in one line, the
// build, and the way they print what a page shows.

/** Where the headless demos save their screenshots. */
export const DEMO_DIR = 'artifacts/demo';
/** The demo account's name, on its card, in the account list and over its activity log. */
export const DEMO_NAME = 'Demo account';

/** The first line of an error, with what it was waiting for when a browser call timed out. */
function reason(error: unknown): string {
  // A browser call's log and a build's output are coloured.
  const lines = stripVTControlCharacters(error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const waiting = lines.find((line) => line.startsWith('- waiting for'));
  return [lines[0] ?? 'unknown error', waiting?.slice(2)].filter(Boolean).join(' — ');
}

/**
 * A demo run as named steps: a step that fails prints one line, `<command>: <step> failed:
 * <reason>`, closes what was started and exits 1.
 */
export class DemoRun {
  private readonly stops = new Map<unknown, () => Promise<unknown>>();

  constructor(readonly command: string) {}

  async step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      console.error(`${this.command}: ${name} failed: ${reason(error)}`);
      await this.stop();
      process.exit(1);
    }
  }

  /** Something to close at the end, or after a failed step (newest first), unless closed before. */
  closeLater<T>(thing: T, close: (thing: T) => Promise<unknown>): T {
    this.stops.set(thing, () => close(thing));
    return thing;
  }

  /** Closes one thing now. */
  async close(thing: unknown) {
    const close = this.stops.get(thing);
    this.stops.delete(thing);
    await close?.();
  }

  /** Closes everything still open, quietly (a browser already gone is no failure). */
  async stop() {
    const closes = [...this.stops.values()].reverse();
    this.stops.clear();
    for (const close of closes) await close().catch(() => undefined);
  }

  /**
   * Builds the extension (`wxt build …`); its output is shown only as a failure's reason. Inside
   * `npm test` the build is made once for every suite (.ci/builds.ts), the same way.
   */
  build(args: string[]) {
    return this.step('build the extension', () => {
      if (builtByCi()) return;
      try {
        execFileSync('npx', ['wxt', 'build', ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, NODE_ENV: 'production' },
        });
      } catch (error) {
        const stderr = ((error as { stderr?: Buffer }).stderr?.toString() ?? '').trim();
        throw new Error(
          stderr.split('\n').find((line) => /error/i.test(line)) ?? (error as Error).message,
          { cause: error },
        );
      }
    });
  }
}

/** Whether the demo runs without a display (a server, CI): headless, printing and saving screenshots. */
export const noDisplay = () => !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

/** Makes the screenshots' folder; returns the path of one of its files. */
export function demoFile(name: string): string {
  mkdirSync(DEMO_DIR, { recursive: true });
  return `${DEMO_DIR}/${name}`;
}

/**
 * The lines an element shows, without its buttons' labels (Copy, Edit…): for `evaluate` in the
 * page, so it names no helper of its own.
 */
export const shownLines = (element: Element): string[] => {
  const buttons = new Set([...element.querySelectorAll('button')].map((b) => b.innerText.trim()));
  return (element as HTMLElement).innerText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !buttons.has(line));
};

/** Prints a heading and its lines, indented. */
export function printLines(heading: string, lines: readonly string[], indent = '  ') {
  console.log(heading);
  for (const line of lines) console.log(`${indent}${line}`);
}

/** The badge as the toolbar shows it: its text, and its tooltip on one line. */
export function printBadge(badge: { text: string; title: string }) {
  console.log(
    `Toolbar badge: "${badge.text}"; its tooltip: ${badge.title.split('\n').join(' / ')}`,
  );
}
