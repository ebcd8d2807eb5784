// The simulator behind node:http, for tests, the end-to-end suite and `npm run simulator`. Requests go to
// the same handle() demo mode uses in-process; media URLs point at this server's own origin.
//
// Only this form has a control endpoint (never reachable through handle(), so never in demo mode):
//   GET    /__control/faults   -> the armed faults
//   POST   /__control/faults   -> body: FaultSettings (faults.ts) merged in; answers the armed faults
//   DELETE /__control/faults   -> clears every fault
//   POST   /__control/balance  -> body: { key?: string (default the demo key), balance?: number, rate?: number }
//                                 answers the key's /sys/balance record
//   POST   /__control/clock    -> body: { advanceMs?: number } moves the world's clock on; answers
//                                 { now: world time (epoch ms), steps: hour steps applied }
// Bad input answers 400 `{"error": "..."}`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { isConnectionReset } from './faults';
import { createSimulator, type Simulator, type SimulatorOptions } from './service';
import { parseLossless } from '../../shared/api/json';
import { isDict } from '../../shared/guards';

export interface ServerOptions extends Omit<SimulatorOptions, 'mediaOrigin'> {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
}

export interface SimulatorServer {
  /** Base URL, e.g. http://127.0.0.1:8787 (no trailing slash). */
  url: string;
  sim: Simulator;
  close(): Promise<void>;
}

const CONTROL_PREFIX = '/__control/';
const MAX_CONTROL_BODY = 64 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const parts: Buffer[] = [];
  for await (const part of req) {
    const buf = part as Buffer;
    size += buf.length;
    if (size > MAX_CONTROL_BODY) throw new Error('body too large');
    parts.push(buf);
  }
  const text = Buffer.concat(parts).toString('utf8');
  return text.trim() === '' ? {} : (parseLossless(text) as unknown);
}

async function control(sim: Simulator, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  try {
    if (path === '/__control/faults') {
      if (req.method === 'GET') return sendJson(res, 200, sim.faults.snapshot());
      if (req.method === 'DELETE') {
        sim.faults.clear();
        return sendJson(res, 200, sim.faults.snapshot());
      }
      if (req.method === 'POST') {
        sim.faults.set(await readJson(req));
        return sendJson(res, 200, sim.faults.snapshot());
      }
    }
    if (path === '/__control/balance' && req.method === 'POST') {
      const body = await readJson(req);
      if (!isDict(body)) throw new Error('expected a JSON object');
      const key = body.key ?? sim.demoKey;
      if (typeof key !== 'string' || !sim.keys.has(key)) throw new Error('unknown key');
      if (body.balance !== undefined) sim.keys.setBalance(key, body.balance as number);
      if (body.rate !== undefined) sim.keys.setRate(key, body.rate as number);
      return sendJson(res, 200, sim.keys.info(key));
    }
    if (path === '/__control/clock' && req.method === 'POST') {
      const body = await readJson(req);
      if (!isDict(body)) throw new Error('expected a JSON object');
      const ms = body.advanceMs ?? 0;
      if (typeof ms !== 'number' || !(ms >= 0) || ms > 400 * 86_400_000) throw new Error('advanceMs must be 0..400 days in ms');
      const steps = sim.clock.advance(ms);
      return sendJson(res, 200, { now: sim.clock.now(), steps });
    }
    sendJson(res, 404, { error: `no control endpoint ${req.method ?? ''} ${path}` });
  } catch (error) {
    sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // API and media calls carry no body; other methods are answered 405 without reading one.
  return new Request(new URL(req.url ?? '/', base), { method: req.method ?? 'GET', headers });
}

async function bridge(sim: Simulator, base: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', base).pathname;
  if (path.startsWith(CONTROL_PREFIX)) return control(sim, req, res, path);
  let answer: Response;
  try {
    answer = await sim.handle(toRequest(req, base));
  } catch (error) {
    if (isConnectionReset(error)) {
      req.socket.destroy(); // the injected reset: the client sees the connection drop
      return;
    }
    sendJson(res, 500, { detail: `Simulator error: ${String(error)}`, exc_type: 'InstagramServerError' });
    return;
  }
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(answer.status, headers);
  if (!answer.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>)
    .on('error', () => res.destroy())
    .pipe(res);
}

export async function startSimulatorServer(options: ServerOptions = {}): Promise<SimulatorServer> {
  const { port = 0, host = '127.0.0.1', ...simOptions } = options;
  let sim: Simulator | null = null;
  let base = '';
  const server = createServer((req, res) => {
    if (!sim) {
      res.destroy();
      return;
    }
    bridge(sim, base, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((ready, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      ready();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  base = `http://${shownHost}:${address.port}`;
  try {
    sim = createSimulator({ ...simOptions, mediaOrigin: base });
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    url: base,
    sim,
    close: () =>
      new Promise<void>((done, failed) => {
        server.close((error) => (error ? failed(error) : done()));
        server.closeAllConnections();
      }),
  };
}
