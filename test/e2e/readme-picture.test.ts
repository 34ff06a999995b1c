import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngSize } from '../../testbed/store-images/assets';

// `npm run picture` makes the README's pictures from the real pages: run here into a folder of
// its own (the committed ones in docs/images stay as they are), so CI sees the script still works.

const out = mkdtempSync(join(tmpdir(), 'sk-picture-'));
beforeAll(() => {
  execFileSync('npm', ['run', 'picture', '--', '--out', out], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run picture', () => {
  it('makes the popup at its 360 px width, tall enough for two accounts', () => {
    const size = pngSize(join(out, 'popup.png'));
    expect(size.width).toBe(360);
    expect(size.height).toBeGreaterThan(400);
    expect(statSync(join(out, 'popup.png')).size).toBeGreaterThan(10_000);
  });

  it('makes the Settings page at 900×700', () => {
    expect(pngSize(join(out, 'settings.png'))).toEqual({ width: 900, height: 700 });
    expect(statSync(join(out, 'settings.png')).size).toBeGreaterThan(10_000);
  });
});
