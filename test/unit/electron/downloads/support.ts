// Test support for downloads and the library: fixture answers and simulator answers turned into the
// saved items the renderer sends, a real app core (call service, ledger, cost guard) over the
// simulator's HTTP server, and small local HTTP servers that misbehave on purpose.
import { createAskRecorder } from '../../../support/ask-recorder';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findEndpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import type { CallValue, OpArgs, Result, SavedItemArg } from '../../../../shared/ipc';
import type { AppRecord } from '../../../../shared/records';
import { createAppCore, type AppCore } from '../../../../electron/core';
import type { SimulatorServer } from '../../../../electron/simulator/http';
import { testCoreOptions } from '../../../support/core-options';

const ANSWERS = resolve(__dirname, '../../../fixtures/answers');

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `feedlens-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The records of a fixture answer of `path`, normalised as the app does. */
export function fixtureRecords(file: string, path: string): AppRecord[] {
  const endpoint = findEndpoint(path);
  if (!endpoint) throw new Error(`unknown endpoint ${path}`);
  const answer = parseLossless(readFileSync(resolve(ANSWERS, file), 'utf8'));
  const out = normalizeAnswer(endpoint, answer);
  return out === null ? [] : Array.isArray(out) ? out : [out];
}

/** A record as the renderer sends it for saving: the record (through a structured clone) and its provenance. */
export function saved(record: AppRecord, path: string, params: Record<string, string>, requestId: string | null = null, fetchedAt = Date.UTC(2026, 3, 3, 9, 0, 0)): SavedItemArg {
  return { record: structuredClone(record) as unknown as SavedItemArg['record'], provenance: { path, params, requestId, fetchedAt } };
}

export interface CoreRig {
  core: AppCore;
  dataDir: string;
  call: (args: OpArgs<'call'>) => Promise<Result<CallValue>>;
  /** Calls `path` and returns its records and the saved items the renderer would send (main's questions are answered "spend"). */
  records(path: string, params: Record<string, string>): Promise<{ records: AppRecord[]; items: SavedItemArg[]; value: CallValue }>;
  close(): Promise<void>;
}

/** A real app core in demo mode, answered by the simulator over HTTP. */
export async function coreRig(sim: SimulatorServer, dataDir: string): Promise<CoreRig> {
  const core = createAppCore(testCoreOptions({ baseUrl: sim.url, fetch, key: sim.sim.demoKey }, dataDir, { downloadsDir: join(dataDir, 'user-downloads'), ask: createAskRecorder('confirm').ask }));
  await core.start();
  const call = async (args: OpArgs<'call'>): Promise<Result<CallValue>> => {
    try {
      return { ok: true, value: await core.handlers.call(args as never, { senderId: 1 }) };
    } catch (error) {
      return { ok: false, error: error as never };
    }
  };
  return {
    core,
    dataDir,
    call,
    async records(path, params) {
      const outcome = await call({ path, params });
      if (!outcome.ok) throw new Error(`${path}: ${outcome.error.message}`);
      const endpoint = findEndpoint(path);
      const out = endpoint ? normalizeAnswer(endpoint, outcome.value.data) : null;
      const records = out === null ? [] : Array.isArray(out) ? out : [out];
      return { records, items: records.map((r) => saved(r, path, params, outcome.value.requestId, outcome.value.fetchedAt)), value: outcome.value };
    },
    close: () => core.stop(),
  };
}

/** fetchMedia for tests: plain fetch (the simulator's media URLs point at its own HTTP server). */
export const plainFetch = (url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response> => fetch(url, init);

export interface LocalServer {
  url: string;
  /** Every request seen: path and Range header. */
  seen: { path: string; range: string | null }[];
  close(): Promise<void>;
}

/** A local HTTP server with a hand-written handler (to cut, stall or refuse answers). */
export async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const seen: LocalServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '/', range: req.headers.range ?? null });
    handler(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Answers `bytes` with Range support, as a CDN does. */
export function serveBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, type = 'video/mp4'): void {
  const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (m) {
    const start = Number(m[1]);
    const end = m[2] ? Math.min(Number(m[2]), bytes.length - 1) : bytes.length - 1;
    if (start >= bytes.length) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    res.writeHead(206, { 'content-type': type, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'accept-ranges': 'bytes' });
    res.end(bytes.subarray(start, end + 1));
    return;
  }
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length, 'accept-ranges': 'bytes' });
  res.end(bytes);
}

/** Polls until `check` is true (or fails the test after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
