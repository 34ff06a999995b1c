import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/** A rectangle in an image's pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A screenshot's pixels, decoded from the PNG file (8-bit RGB or RGBA, not interlaced: what
 * Chromium and Firefox write), so a check can say what the image shows rather than its size.
 */
export function pngPixels(file: string) {
  const png = readFileSync(file);
  let [width, height, depth, colour, interlaced] = [0, 0, 0, 0, 0];
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR')
      [width, height, depth, colour, interlaced] = [
        body.readUInt32BE(0),
        body.readUInt32BE(4),
        body[8]!,
        body[9]!,
        body[12]!,
      ];
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  if (depth !== 8 || interlaced || (colour !== 2 && colour !== 6))
    throw new Error(
      `${file}: a PNG this reader does not decode (depth ${depth}, colour ${colour})`,
    );
  const channels = colour === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(data));
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + x] = (raw[y * (stride + 1) + 1 + x]! + predictor) & 0xff;
    }
  }
  /** Relative luminance (0 black … 1 white) of one pixel. */
  const luminance = (x: number, y: number) => {
    const at = y * stride + x * channels;
    return (0.2126 * pixels[at]! + 0.7152 * pixels[at + 1]! + 0.0722 * pixels[at + 2]!) / 255;
  };
  return {
    width,
    height,
    luminance,
    /** The share of a region's pixels that differ from its most common shade: 0 for a blank region. */
    ink(region: Region) {
      const shades = new Map<number, number>();
      const values: number[] = [];
      for (let y = Math.max(0, region.y); y < Math.min(height, region.y + region.height); y++)
        for (let x = Math.max(0, region.x); x < Math.min(width, region.x + region.width); x++) {
          const shade = Math.round(luminance(x, y) * 50);
          values.push(shade);
          shades.set(shade, (shades.get(shade) ?? 0) + 1);
        }
      if (values.length === 0) return 0;
      const background = [...shades].sort((p, q) => q[1] - p[1])[0]![0];
      return values.filter((shade) => Math.abs(shade - background) > 2).length / values.length;
    },
  };
}
