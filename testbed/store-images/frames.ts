import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { StoreLocale } from './assets';

// The layouts of the store images: plain HTML laid out by Chromium at the exact pixel size, around
// screenshots of the real pages. Nothing here draws the extension's own pages.

/** The popup's width (entrypoints/popup/style.css), at which its screenshot is shown. */
export const POPUP_WIDTH = 360;

const png = (buffer: Buffer) => `data:image/png;base64,${buffer.toString('base64')}`;
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  * { box-sizing: border-box; margin: 0; }
  body { width: 100vw; height: 100vh; overflow: hidden; display: flex; align-items: center; gap: 6%;
    padding: 0 6%; font-family: system-ui, sans-serif; color: #0b2a55;
    background: linear-gradient(135deg, #eaf2fe 0%, #cfe0fb 100%); }
  /* As the pages do (components/theme.css): system-ui can be IPAGothic, whose Latin is fixed-width. */
  :lang(ja) body { font-family: 'Hiragino Sans', 'Noto Sans CJK JP', IPAPGothic, system-ui, sans-serif; }
  .words { flex: 1; display: flex; flex-direction: column; gap: 24px; }
  .brand { display: flex; align-items: center; gap: 16px; font-weight: 700; white-space: nowrap; }
  .caption { font-weight: 600; line-height: 1.35; text-wrap: balance; }
  /* Japanese lines break between phrases, never inside a word (削 / 除). */
  :lang(ja) .caption { word-break: auto-phrase; line-break: strict; }
  .shot { position: relative; flex: none; align-self: flex-start; margin-top: 48px; overflow: hidden;
    border-radius: 10px; box-shadow: 0 12px 40px rgb(11 42 85 / 0.28); }
  .shot img.page { display: block; }
  .toast { position: absolute; width: 370px; top: 200px; right: 40px; display: grid; grid-template-columns: 40px 1fr;
    gap: 4px 12px; padding: 14px 16px; border-radius: 10px; background: #fff; color: #202124;
    box-shadow: 0 10px 32px rgb(0 0 0 / 0.3); font-size: 15px; line-height: 1.4; }
  .toast img { grid-row: span 3; width: 40px; height: 40px; }
  .toast .app { font-size: 12px; color: #5f6368; }
  .toast strong { font-weight: 650; }
`;

export interface FrameOptions {
  browser: Browser;
  locale: StoreLocale;
  size: { width: number; height: number };
  /** popup: caption and the popup; notification: the same with the notice over it; tile and marquee: promotional. */
  kind: 'popup' | 'notification' | 'tile' | 'marquee';
  caption: string;
  /** The icon's vector source as a data URL. */
  icon: string;
  name: string;
  /** The popup as the browser drew it. */
  popup: Buffer;
  /** Where the popup may be cut, in its CSS pixels from the top: below each card. */
  popupCuts: number[];
  /** The notice the state gets, in the extension's words. */
  notice: { title: string; message: string };
  path: string;
}

/**
 * How much of the popup an image shows in `room` pixels: down to the lowest cut that fits (below the
 * last card that fits whole, so no sentence is cut mid-line), or all the room where no cut fits.
 */
export function popupHeight(cuts: number[], room: number): number {
  const fitting = cuts.filter((cut) => cut <= room);
  return fitting.length > 0 ? Math.max(...fitting) : room;
}

function body({ kind, caption, icon, name, popup, popupCuts, notice, size }: FrameOptions): string {
  if (kind === 'tile') {
    return `<div class="words" style="gap:14px"><div class="brand" style="font-size:30px"><img src="${icon}" width="72" height="72" alt="">${escape(name)}</div>
      <p class="caption" style="font-size:17px">${escape(caption)}</p></div>`;
  }
  const big = kind === 'marquee';
  const brand = `<div class="brand" style="font-size:${big ? 44 : 34}px"><img src="${icon}" width="${big ? 104 : 80}" height="${big ? 104 : 80}" alt="">${escape(name)}</div>`;
  const height = popupHeight(popupCuts, size.height - 48);
  const shot = `<div class="shot" style="height:${height}px"><img class="page" src="${png(popup)}" width="${POPUP_WIDTH}" alt=""></div>`;
  // The system's notification, beside the popup of the account it is about.
  const toast =
    kind === 'notification'
      ? `<div class="toast"><img src="${icon}" alt=""><span class="app">${escape(name)}</span><strong>${escape(notice.title)}</strong><span>${escape(notice.message)}</span></div>`
      : '';
  return `<div class="words">${brand}<p class="caption" style="font-size:${big ? 34 : 30}px">${escape(caption)}</p></div>${shot}${toast}`;
}

/** One store image, laid out at exactly `size` pixels. */
export async function storeFrame(options: FrameOptions) {
  const context = await options.browser.newContext({
    viewport: options.size,
    deviceScaleFactor: 1,
    locale: options.locale,
  });
  try {
    const page = await context.newPage();
    // Room on the right for the notification: the words get a fixed column.
    const toast =
      options.kind === 'notification'
        ? 'body { padding: 0 40px; gap: 40px; } .words { flex: 0 0 380px; } .shot { margin-right: 410px; }'
        : '';
    await page.setContent(
      `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><style>${STYLE}${toast}</style></head><body>${body(options)}</body></html>`,
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: options.path });
  } finally {
    await context.close();
  }
}

/** The browser's own toolbar icons, approximated (extensions puzzle piece, profile, menu). */
const CHROME_ICONS = (colour: string) => `
  <svg width="20" height="20" viewBox="0 0 24 24" fill="${colour}"><path d="M20.5 11H19V7a2 2 0 0 0-2-2h-4V3.5a2.5 2.5 0 0 0-5 0V5H4a2 2 0 0 0-2 2v3.8h1.5a2.7 2.7 0 0 1 0 5.4H2V20a2 2 0 0 0 2 2h3.8v-1.5a2.7 2.7 0 0 1 5.4 0V22H17a2 2 0 0 0 2-2v-4h1.5a2.5 2.5 0 0 0 0-5z"/></svg>
  <svg width="20" height="20" viewBox="0 0 24 24" fill="${colour}"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a3.2 3.2 0 1 1 0 6.4A3.2 3.2 0 0 1 12 6zm0 14a8 8 0 0 1-6.3-3.1c.1-2.1 4.2-3.2 6.3-3.2s6.2 1.1 6.3 3.2A8 8 0 0 1 12 20z"/></svg>
  <svg width="20" height="20" viewBox="0 0 24 24" fill="${colour}"><circle cx="12" cy="5" r="2"/><circle cx="12" cy="12" r="2"/><circle cx="12" cy="19" r="2"/></svg>`;

/** Chrome's light and dark toolbar colours: bar, address field, icons, text. */
const THEMES = [
  { bar: '#ffffff', field: '#f1f3f4', icons: '#5f6368', text: '#202124', frame: '#dee1e6' },
  { bar: '#35363a', field: '#202124', icons: '#e8eaed', text: '#e8eaed', frame: '#202124' },
];

/**
 * A toolbar strip, light above dark, with the extension's button beside the browser's own, at a
 * device scale of 1 (the browser picks the 16 px icon) or 2 (the 32 px one): to judge the icon by.
 */
export async function toolbarStrip({
  browser,
  icons,
  size,
  scale,
  path,
}: {
  browser: Browser;
  icons: { 16: string; 32: string };
  size: { width: number; height: number };
  scale: 1 | 2;
  path: string;
}) {
  const srcset = `data:image/png;base64,${readFileSync(icons[16]).toString('base64')} 1x, data:image/png;base64,${readFileSync(icons[32]).toString('base64')} 2x`;
  const rows = THEMES.map(
    (theme) => `
    <div style="height:${size.height / 2}px;background:${theme.frame};padding-top:12px">
      <div style="height:56px;background:${theme.bar};display:flex;align-items:center;gap:14px;padding:0 12px">
        <div style="flex:1;height:34px;border-radius:17px;background:${theme.field};color:${theme.text};font:14px system-ui;display:flex;align-items:center;padding:0 16px">example.com</div>
        <span style="width:28px;height:28px;display:grid;place-items:center"><img srcset="${srcset}" width="16" height="16" alt=""></span>
        ${CHROME_ICONS(theme.icons)}
      </div>
    </div>`,
  );
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: scale });
  try {
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html><body style="margin:0">${rows.join('')}</body></html>`,
    );
    await page
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path });
  } finally {
    await context.close();
  }
}
