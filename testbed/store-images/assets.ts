import { readFileSync } from 'node:fs';

// What `npm run store` makes, at the sizes the stores ask for: Chrome Web Store screenshots are
// 1280×800, its small promo tile 440×280 and its marquee 1400×560 (addons.mozilla.org takes the
// same screenshots). The toolbar strips are for people to look at the icon beside the browser's own.

export const STORE_DIR = 'artifacts/store';
export const STORE_LOCALES = ['en', 'ja'] as const;
export type StoreLocale = (typeof STORE_LOCALES)[number];

export const SCREENSHOT = { width: 1280, height: 800 };
export const PROMO_TILE = { width: 440, height: 280 };
export const MARQUEE = { width: 1400, height: 560 };
/** A mock toolbar, light above dark, at 1× (the 16 px icon) and 2× (the 32 px icon). */
export const TOOLBAR = { width: 480, height: 160 };

/** Every file of the store folder, with its size in pixels. */
export function storeAssets(): { file: string; width: number; height: number }[] {
  return [
    ...STORE_LOCALES.flatMap((locale) => [
      { file: `screenshot-popup-${locale}.png`, ...SCREENSHOT },
      { file: `screenshot-options-${locale}.png`, ...SCREENSHOT },
      { file: `screenshot-notification-${locale}.png`, ...SCREENSHOT },
      { file: `promo-tile-${locale}.png`, ...PROMO_TILE },
      { file: `marquee-${locale}.png`, ...MARQUEE },
    ]),
    { file: 'toolbar-1x.png', ...TOOLBAR },
    { file: 'toolbar-2x.png', width: TOOLBAR.width * 2, height: TOOLBAR.height * 2 },
  ];
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height, from its IHDR chunk (always the first, right after the signature). */
export function pngSize(file: string): { width: number; height: number } {
  const head = readFileSync(file).subarray(0, 24);
  if (!head.subarray(0, 8).equals(SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error(`${file} is not a PNG`);
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** The headings of the two sections the images use, in each listing file. */
const HEADINGS: Record<StoreLocale, { short: string; captions: string }> = {
  en: { short: 'Short description', captions: 'Screenshot captions' },
  ja: { short: '短い説明', captions: 'スクリーンショットの見出し' },
};

/** A listing's short description and its captions by name (`- popup: …`), from store-listing/listing.<locale>.md. */
export function listing(locale: StoreLocale): { short: string; captions: Record<string, string> } {
  const file = `store-listing/listing.${locale}.md`;
  const sections = readFileSync(file, 'utf8').split(/^## /m);
  const section = (heading: string) => {
    const found = sections.find((s) => s.startsWith(`${heading}\n`));
    if (!found) throw new Error(`${file} has no "## ${heading}"`);
    return found.slice(heading.length).trim();
  };
  const lines = section(HEADINGS[locale].captions).split('\n');
  const captions = Object.fromEntries(
    lines
      .map((l) => /^- (\w+): (.+)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
  return { short: section(HEADINGS[locale].short), captions };
}
