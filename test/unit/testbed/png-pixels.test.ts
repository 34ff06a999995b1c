import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngPixels } from '../../../testbed/png-pixels';

// The screenshot reader: what a region shows, read from the PNG's pixels.

/** A PNG file (RGBA) of `width` × `height`, `paint(x, y)` giving each pixel's grey, each row with filter `filter`. */
function pngFile(
  width: number,
  height: number,
  paint: (x: number, y: number) => number,
  filter = 0,
) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = [filter];
    for (let x = 0; x < width; x++) {
      const grey = paint(x, y);
      const left = x > 0 && filter === 1 ? paint(x - 1, y) : 0;
      row.push(
        (grey - left) & 0xff,
        (grey - left) & 0xff,
        (grey - left) & 0xff,
        filter === 1 && x > 0 ? 0 : 255,
      );
    }
    rows.push(...row);
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, body, Buffer.alloc(4)]); // the reader does not check CRCs
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const file = join(mkdtempSync(join(tmpdir(), 'png-')), 'shot.png');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from(rows))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}

describe('pngPixels', () => {
  it('reads the size, the shade of a pixel, and ink only where something is drawn', () => {
    // White, with a black 10 × 4 bar at (20, 10).
    const bar = (x: number, y: number) => (x >= 20 && x < 30 && y >= 10 && y < 14 ? 0 : 255);
    for (const filter of [0, 1]) {
      const image = pngPixels(pngFile(60, 30, bar, filter));
      expect([image.width, image.height]).toEqual([60, 30]);
      expect(image.luminance(0, 0)).toBeCloseTo(1);
      expect(image.luminance(25, 12)).toBeCloseTo(0);
      expect(image.ink({ x: 0, y: 0, width: 15, height: 30 })).toBe(0);
      expect(image.ink({ x: 15, y: 5, width: 20, height: 15 })).toBeCloseTo(40 / 300);
    }
  });
});
