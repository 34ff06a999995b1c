import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngSize, STORE_DIR } from '../../testbed/store-images/assets';

// `npm run store` makes every image the stores ask for, at the sizes they ask for (written out
// here from the stores' rules, not read from the script's own table), in English and Japanese.

const STORE_RULES: [RegExp, { width: number; height: number }][] = [
  [/^screenshot-(popup|options|notification)-(en|ja)\.png$/, { width: 1280, height: 800 }],
  [/^promo-tile-(en|ja)\.png$/, { width: 440, height: 280 }],
  [/^marquee-(en|ja)\.png$/, { width: 1400, height: 560 }],
  [/^toolbar-1x\.png$/, { width: 480, height: 160 }],
  [/^toolbar-2x\.png$/, { width: 960, height: 320 }],
];

// The documented command, into the folder docs/release.md names: so `npm test` (CI) leaves the store
// images in artifacts/store/.
const out = resolve(STORE_DIR);
beforeAll(() => {
  execFileSync('npm', ['run', 'store'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}, 600_000);

describe('npm run store', () => {
  it('makes the three screenshots, the promo tile and the marquee in both languages, and the toolbar strips', () => {
    const expected = ['en', 'ja'].flatMap((l) => [
      `screenshot-popup-${l}.png`,
      `screenshot-options-${l}.png`,
      `screenshot-notification-${l}.png`,
      `promo-tile-${l}.png`,
      `marquee-${l}.png`,
    ]);
    expect(readdirSync(out).sort()).toEqual(
      [...expected, 'toolbar-1x.png', 'toolbar-2x.png'].sort(),
    );
  });

  it('each file is a PNG of the size its store asks for', () => {
    const wrong = readdirSync(out).flatMap((file) => {
      const rule = STORE_RULES.find(([pattern]) => pattern.test(file))?.[1];
      const size = pngSize(join(out, file));
      return rule && size.width === rule.width && size.height === rule.height
        ? []
        : [`${file}: ${size.width}×${size.height}`];
    });
    expect(wrong).toEqual([]);
  });
});
