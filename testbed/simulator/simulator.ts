import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { capacityBody, userBody, withFields, type SimAccount } from './bodies';
import { sendOversized } from './oversized';
import { CAPACITY_PATH, USER_PATH } from '../../lib/service/client';
import { GIB as GB } from '../../lib/basics/bytes';

export type { SimAccount };

/** A failure the simulator can be told to produce, on the API server or the node server. */
export type Fault =
  | 'server-error' // 500 with a JSON body
  | 'html-502' // a proxy's HTML error page
  | 'html-200' // a login page served with 200
  | 'malformed-json'
  | 'empty-body'
  | 'service-error' // result ≠ 0
  | 'missing-field'
  | 'extra-fields-only' // unknown fields where known ones should be
  | 'not-ready' // 202: account too new, node not ready
  | 'not-found' // 404
  | 'rate-limited' // 429 with Retry-After (FaultOptions.retryAfter)
  | 'unavailable' // 503 with Retry-After (FaultOptions.retryAfter), as during maintenance
  | 'redirect' // 302 to another origin
  | 'stall' // accepts the request, never answers
  | 'slow' // answers as usual, after FaultOptions.delayMs (2000): a call still under way
  | 'bad-node' // getUser names a node that is not a host
  | 'odd-fields' // the good body with fields replaced or removed (FaultOptions.fields)
  | 'long-note' // getUser's api_key.note FaultOptions.noteLength characters long (11 MB)
  | 'huge-body' // a valid answer of FaultOptions.bytes (20 MB), streamed without Content-Length
  | 'gzip-bomb'; // a valid answer of FaultOptions.bytes (10 GiB) decoded, sent gzip-encoded

/** Details of a fault; each applies to the fault named, defaults in parentheses above. */
export interface FaultOptions {
  /** The Retry-After header as sent; null sends none. */
  retryAfter?: string | null;
  /** Dotted paths (`api_key.bonus.since`) and their new values; undefined removes the field. */
  fields?: Record<string, unknown>;
  /** The length of the long note, in characters. */
  noteLength?: number;
  /** The decoded size of the answer. */
  bytes?: number;
  /** How long a slow answer takes, in ms. */
  delayMs?: number;
}

export type ServerName = 'api' | 'node';

/** What the simulator saw of one request. */
export interface SimRequest {
  server: ServerName;
  method: string;
  path: string;
  userId?: string;
  password?: string;
  keyVia?: 'header' | 'matrix';
  apiKey?: string;
  /** The X-Service-API-KEY header as sent, whichever form was used. */
  keyHeader?: string;
  status: number;
  /** When the simulator noted the request (its headers read). */
  atMs: number;
  /** When the client opened the connection the request came on: with `oneRequestPerConnection`, when the client started it. */
  connectedAtMs: number;
  /** Which request on its connection this is: 1 for the first. */
  onConnection: number;
  /** The client went away (aborted the call) before a slow answer came. */
  abandoned?: true;
}

export interface SimulatorOptions {
  accounts?: SimAccount[];
  now?: () => number;
  /** Port of the API server; 0 picks a free one. */
  apiPort?: number;
  nodePort?: number;
  /** Serve both servers over https with this key and certificate (a custom https server). */
  tls?: { key: string; cert: string };
  /**
   * Close each connection after its answer (Connection: close), so the client opens one per
   * request and `connectedAtMs` dates each request's start (see started-after.ts).
   */
  oneRequestPerConnection?: boolean;
}

// The paths the extension calls, from its own client: the simulator answers exactly those.
export { CAPACITY_PATH, USER_PATH };
const DAY_MS = 86_400_000;

/** A believable account: 20 GB contract, 8 GB bonus, 12.3 GB used. */
export function demoAccount(overrides: Partial<SimAccount> = {}, now = Date.now()): SimAccount {
  return {
    userId: 'demo-user',
    password: 'pässwörd:with-colon',
    apiKey: 'demo-api-key/+=',
    introduceCode: 'ABCD1234',
    capacityGb: 20,
    quota: 28 * GB,
    used: Math.round(12.3 * GB),
    keyName: 'Storage Keeper',
    keyVendor: 'Storage Keeper team',
    bonus: { sinceMs: now - 30 * DAY_MS, untilMs: now + 60 * DAY_MS, increaseGb: 8 },
    ...overrides,
  };
}

/** Starts the API server on 127.0.0.1 and the node server on `localhost` (another host name). */
export async function startSimulator(options: SimulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const accounts = options.accounts ?? [demoAccount({}, now())];
  const faults: Partial<Record<ServerName, { fault: Fault; options: FaultOptions }>> = {};
  const requests: SimRequest[] = [];
  const stalled = new Set<ServerResponse>();
  const delayed = new Set<ReturnType<typeof setTimeout>>();
  let nodeHost = '';
  /** Each open connection by its client port (the same for a TLS socket and its TCP one). */
  const connections = new Map<number, { at: number; requests: number }>();

  function handle(server: ServerName, req: IncomingMessage, res: ServerResponse) {
    const connection = connections.get(req.socket.remotePort ?? -1) ?? { at: now(), requests: 0 };
    connection.requests++;
    const entry: SimRequest = {
      server,
      method: req.method ?? '',
      path: req.url ?? '',
      status: 0,
      atMs: now(),
      connectedAtMs: connection.at,
      onConnection: connection.requests,
    };
    requests.push(entry);
    const close = options.oneRequestPerConnection ? { Connection: 'close' } : {};
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        ...close,
        ...headers,
      });
      res.end(body);
    };

    const [rawPath = '', matrix] = entry.path.split(';', 2);
    const path = decodeURIComponent(rawPath);
    const matrixKey = matrix?.startsWith('api_key=')
      ? decodeURIComponent(matrix.slice(8))
      : undefined;
    const headerKey = req.headers['x-service-api-key'];
    if (typeof headerKey === 'string') entry.keyHeader = headerKey;
    if (matrixKey !== undefined) Object.assign(entry, { keyVia: 'matrix', apiKey: matrixKey });
    else if (typeof headerKey === 'string')
      Object.assign(entry, { keyVia: 'header', apiKey: headerKey });
    const basic = decodeBasic(req.headers.authorization);
    if (basic) Object.assign(entry, basic);

    const expected = server === 'api' ? USER_PATH : CAPACITY_PATH;
    if (req.method !== 'GET' || path !== expected) return send(404, '{"error":"no such endpoint"}');
    const account = accounts.find(
      (a) => a.userId === basic?.userId && a.password === basic.password,
    );
    if (!account) return send(401, '', { 'WWW-Authenticate': 'Basic realm="service"' });
    if (entry.apiKey !== account.apiKey) return send(403, '{"error":"invalid api key"}');

    const { fault, options: given = {} } = faults[server] ?? {};
    if (fault === 'slow') {
      res.on('close', () => {
        if (!res.writableEnded) entry.abandoned = true;
      });
      const timer = setTimeout(() => {
        delayed.delete(timer);
        answer(server, account, undefined, given, entry, send, res);
      }, given.delayMs ?? 2000);
      delayed.add(timer);
      return;
    }
    answer(server, account, fault, given, entry, send, res);
  }

  /** The answer of a request that got through (a known user with the right key), with the fault set. */
  function answer(
    server: ServerName,
    account: SimAccount,
    fault: Fault | undefined,
    given: FaultOptions,
    entry: SimRequest,
    send: (status: number, body: string, headers?: Record<string, string>) => void,
    res: ServerResponse,
  ) {
    switch (fault) {
      case 'server-error':
        return send(500, '{"error":"internal"}');
      case 'html-502':
        return send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', {
          'Content-Type': 'text/html',
        });
      case 'html-200':
        return send(200, '<!DOCTYPE html><html><body>Please log in</body></html>', {
          'Content-Type': 'text/html',
        });
      case 'malformed-json':
        return send(200, '{"result":0,"user":');
      case 'empty-body':
        return send(200, '');
      case 'service-error':
        return send(200, '{"result":1203}');
      case 'not-ready':
        return send(202, '');
      case 'not-found':
        return send(404, '{"error":"dataset not found"}');
      case 'rate-limited':
      case 'unavailable': {
        const retryAfter = given.retryAfter === undefined ? '120' : given.retryAfter;
        const [status, body] =
          fault === 'rate-limited'
            ? [429, '{"error":"slow down"}']
            : [503, '{"error":"maintenance"}'];
        return send(status, body, retryAfter === null ? {} : { 'Retry-After': retryAfter });
      }
      case 'redirect':
        return send(302, '', { Location: 'http://127.0.0.1:9/elsewhere' });
      case 'stall':
        entry.status = -1;
        stalled.add(res);
        return;
      default:
        break;
    }

    // The service records the login before it answers, however odd the answer.
    if (server === 'api') account.lastLoginMs = now();
    const namedNode = fault === 'bad-node' ? 'evil.example/steal' : nodeHost;
    const good = server === 'api' ? userBody(account, namedNode) : capacityBody(account);
    if (fault === 'huge-body' || fault === 'gzip-bomb') {
      entry.status = 200;
      const bytes = given.bytes ?? (fault === 'huge-body' ? 20e6 : 10 * GB);
      return void sendOversized(res, good, bytes, fault === 'gzip-bomb');
    }
    return send(
      200,
      JSON.stringify(faulty(good, fault, given, server === 'api' ? 'node' : 'used')),
    );
  }

  const api = await listen(
    (req, res) => handle('api', req, res),
    '127.0.0.1',
    options.apiPort ?? 0,
    options.tls,
  );
  const node = await listen(
    (req, res) => handle('node', req, res),
    'localhost',
    options.nodePort ?? 0,
    options.tls,
  );
  for (const server of [api, node])
    server.on('connection', (socket: Socket) => {
      const port = socket.remotePort ?? -1;
      connections.set(port, { at: now(), requests: 0 });
      socket.once('close', () => connections.delete(port));
    });
  const scheme = options.tls ? 'https' : 'http';
  const nodePort = (node.address() as AddressInfo).port;
  nodeHost = `localhost:${nodePort}`;

  return {
    apiUrl: `${scheme}://127.0.0.1:${(api.address() as AddressInfo).port}`,
    nodeUrl: `${scheme}://${nodeHost}`,
    nodeHost,
    accounts,
    requests,
    /** Makes one server fail in the given way until cleared with `undefined`. */
    setFault(server: ServerName, fault: Fault | undefined, options: FaultOptions = {}) {
      if (fault) faults[server] = { fault, options };
      else delete faults[server];
      // Stalled responses are released so clients do not hang past the test.
      if (!fault) for (const res of stalled) res.destroy();
    },
    account(userId: string): SimAccount {
      const found = accounts.find((a) => a.userId === userId);
      if (!found) throw new Error(`no simulated account ${userId}`);
      return found;
    },
    async close() {
      for (const res of stalled) res.destroy();
      for (const timer of delayed) clearTimeout(timer);
      await Promise.all(
        [api, node].map(
          (s) =>
            new Promise((r) => {
              s.closeAllConnections();
              s.close(r);
            }),
        ),
      );
    },
  };
}

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

function listen(
  handler: Parameters<typeof createServer>[1],
  host: string,
  port: number,
  tls?: SimulatorOptions['tls'],
): Promise<Server> {
  const server = tls ? createTlsServer(tls, handler) : createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function decodeBasic(header: string | undefined) {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? undefined
    : { userId: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Applies the field-level faults to a good body; `field` is the one 'missing-field' removes. */
function faulty(
  body: Record<string, unknown>,
  fault: Fault | undefined,
  options: FaultOptions,
  field: string,
) {
  switch (fault) {
    case 'missing-field':
      return withFields(body, { [field === 'used' ? 'dataset.__ROOT__.used' : field]: undefined });
    case 'extra-fields-only':
      return { result: 0, something_else: true };
    case 'odd-fields':
      return withFields(body, options.fields ?? {});
    case 'long-note':
      return withFields(body, { 'api_key.note': 'x'.repeat(options.noteLength ?? 11e6) });
    default:
      return body;
  }
}
