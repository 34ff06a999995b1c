import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;
const PADDING = Buffer.alloc(MIB, 'x');
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Deflated data ending in a full flush: it can be followed by any other such piece. */
const flushed = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH });
// 1 MiB of padding deflates to about 1 KB: a bomb repeats it, so 10 GiB costs next to nothing.
const PADDING_DEFLATED = flushed(PADDING);

/**
 * A valid JSON answer: `body` with a `padding` string field of `bytes` characters. Streamed as
 * it is read, without Content-Length; with `gzip`, as one gzip stream (a bomb, when large).
 */
export async function sendOversized(
  res: ServerResponse,
  body: Record<string, unknown>,
  bytes: number,
  gzip: boolean,
) {
  const json = JSON.stringify(body);
  const head = Buffer.from(`${json.slice(0, -1)},"padding":"`);
  const tail = Buffer.from('"}');
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(gzip && { 'Content-Encoding': 'gzip' }),
  });
  // The client hangs up once it has read enough: that ends the stream early, as it should.
  await pipeline(Readable.from(gzip ? gzipped(decoded) : decoded()), res).catch(() => undefined);

  function* decoded() {
    yield head;
    for (let sent = 0; sent < bytes; sent += MIB)
      yield PADDING.subarray(0, Math.min(MIB, bytes - sent));
    yield tail;
  }
}

/**
 * The pieces as one gzip stream, deflating each (the full 1 MiB padding only once, ever). The
 * checksum is worked out only at the end, which a client that stops reading never reaches.
 */
function* gzipped(pieces: () => Iterable<Buffer>) {
  yield GZIP_HEADER;
  for (const piece of pieces()) yield piece.length === MIB ? PADDING_DEFLATED : flushed(piece);
  yield deflateRawSync(Buffer.alloc(0)); // an empty final block ends the deflate stream
  let crc = 0;
  let size = 0;
  for (const piece of pieces()) {
    crc = crc32(piece, crc);
    size += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  yield trailer;
}
