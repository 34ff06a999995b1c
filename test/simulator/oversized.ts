import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';

const MIB = 1024 * 1024;
const PADDING = Buffer.alloc(MIB, 'x');
// One gzip member decoding to 1 MiB of padding (about 1 KB): a bomb is this member repeated,
// which decoders read as one stream, so serving 10 GiB costs the simulator next to nothing.
const PADDING_MEMBER = gzipSync(PADDING, { level: 9 });

/**
 * A valid JSON answer: `body` with a `padding` string field of `bytes` characters.
 * Streamed as it is read, without Content-Length; with `gzip`, sent as a gzip bomb.
 */
export async function sendOversized(res: ServerResponse, body: Record<string, unknown>, bytes: number, gzip: boolean) {
  const json = JSON.stringify(body);
  const head = Buffer.from(`${json.slice(0, -1)},"padding":"`);
  const tail = Buffer.from('"}');
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(gzip && { 'Content-Encoding': 'gzip' }),
  });
  // The client hangs up once it has read enough: that ends the stream early, as it should.
  await pipeline(Readable.from(pieces()), res).catch(() => undefined);

  function* pieces() {
    yield gzip ? gzipSync(head) : head;
    for (let sent = 0; sent < bytes; sent += MIB) {
      const size = Math.min(MIB, bytes - sent);
      const padding = PADDING.subarray(0, size);
      yield gzip ? (size === MIB ? PADDING_MEMBER : gzipSync(padding)) : padding;
    }
    yield gzip ? gzipSync(tail) : tail;
  }
}
